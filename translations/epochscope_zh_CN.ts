<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>ScriptCommand</name>
    <message>
        <location filename="../ui/script/scriptcommand.cpp" line="+53"/>
        <source>Interpreter: give the Python interpreter that runs the script (python3, or the path of one).</source>
        <translation>解释器：请给出运行脚本的 Python 解释器（python3，或其路径）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Interpreter: %1 does not exist.</source>
        <translation>解释器：%1 不存在。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Interpreter: %1 is not a program.</source>
        <translation>解释器：%1 不是可执行程序。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Interpreter: no %1 on the PATH.</source>
        <translation>解释器：PATH 中没有 %1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Interpreter: %1 is not a Python interpreter (python3, python3.11, a virtual environment&apos;s bin/python).</source>
        <translation>解释器：%1 不是 Python 解释器（python3、python3.11、虚拟环境的 bin/python）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Script: choose the Python script to profile.</source>
        <translation>脚本：请选择要分析的 Python 脚本。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Script: %1 does not exist.</source>
        <translation>脚本：%1 不存在。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Script: %1 is not a file.</source>
        <translation>脚本：%1 不是文件。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Working folder: %1 does not exist.</source>
        <translation>工作文件夹：%1 不存在。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Working folder: %1 is not a folder.</source>
        <translation>工作文件夹：%1 不是文件夹。</translation>
    </message>
</context>
<context>
    <name>es::ui::BatchOptions</name>
    <message>
        <location filename="../ui/setup/batchoptions.cpp" line="+28"/>
        <source>Batches</source>
        <comment>group box: how batches are made</comment>
        <translation>批次</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The fraction of the samples held out for validation, taken from the end before any shuffling (as in Keras). Ignored when a validation set (x_val, y_val) is given.</source>
        <translation>留作验证的样本比例，在打乱之前从末尾截取（与 Keras 相同）。给出验证集（x_val、y_val）时忽略。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S&amp;huffle the training samples every epoch</source>
        <translation>每轮打乱训练样本(&amp;H)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Samples per training step.</source>
        <translation>每个训练步的样本数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Drop the last, short batch of each epoch</source>
        <translation>丢弃每轮最后一个不完整的批次(&amp;D)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Where the dataset lives while training:
host: pageable host memory; each step gathers its batch and copies it to the device (what Keras does with NumPy arrays).
pinned: page-locked host memory, copied without blocking; CUDA devices only. With prefetch the copy overlaps the previous steps.
device: copied to the training device once before the first epoch; batches are gathered there, with no copy per step.</source>
        <translation>训练时数据集存放的位置：
host：可分页的主机内存；每一步取出本批数据并复制到设备（Keras 处理 NumPy 数组时就是这样）。
pinned：锁页主机内存，以非阻塞方式复制；仅限 CUDA 设备。启用预取时，复制与前面的步重叠进行。
device：在第一轮之前一次性复制到训练设备；批次直接在设备上取出，每步无需复制。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>off</source>
        <comment>prefetch of 0 batches</comment>
        <translation>关</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Batches a loader thread prepares ahead of training; off prepares each batch when the step needs it. The batch order is the same for every value.</source>
        <translation>加载线程提前为训练准备的批次数；“关”表示在训练步需要时才准备批次。无论取何值，批次顺序都相同。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>fixed: every sample as long as the source made it.
by_length: texts of similar length share a batch, each batch cut after its longest text (text sources with padding &quot;post&quot; and mask_zero on the embedding).</source>
        <translation>fixed：每个样本保持数据源给出的长度。
by_length：长度相近的文本进入同一批，每批截到其中最长的文本（适用于文本数据源，需填充为“post”且 Embedding 启用 mask_zero）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Validation split:</source>
        <translation>验证集比例(&amp;V)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Batch size:</source>
        <translation>批大小(&amp;B)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Placement:</source>
        <translation>数据放置(&amp;P)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pre&amp;fetch:</source>
        <translation>预取(&amp;F)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Batchin&amp;g:</source>
        <translation>分批方式(&amp;G)：</translation>
    </message>
</context>
<context>
    <name>es::ui::BatchPhaseChart</name>
    <message>
        <location filename="../ui/plots/batchphasechart.cpp" line="+19"/>
        <source>Step time by phase</source>
        <translation>各阶段的步耗时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ms per step</source>
        <translation>每步毫秒数</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Step %1 (epoch %2, batch %3): %4 ms</source>
        <translation>第 %1 步（第 %2 轮，第 %3 批）：%4 ms</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Drawn as the mean of %1 consecutive steps</source>
        <translation>按连续 %1 步的平均值绘制</translation>
    </message>
</context>
<context>
    <name>es::ui::CallbackFieldFactory</name>
    <message>
        <location filename="../ui/setup/callbackfieldfactory.cpp" line="+147"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Choose a folder</source>
        <translation>选择文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose a file</source>
        <translation>选择文件</translation>
    </message>
    <message>
        <location line="+120"/>
        <source>0 (silent)</source>
        <translation>0（不输出）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 (a line per save)</source>
        <translation>1（每次保存输出一行）</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>A value the run logs: loss or a metric, with val_ in front for the validation value.</source>
        <translation>运行记录的某个值：loss 或某个指标，前面加 val_ 表示验证集上的值。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The checkpoint file; {epoch:02d} and logged values such as {val_loss:.4f} are filled in.</source>
        <translation>检查点文件；其中的 {epoch:02d} 和 {val_loss:.4f} 等记录值会被填入。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A file or folder path, not empty.</source>
        <translation>文件或文件夹路径，不能为空。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Text, not empty.</source>
        <translation>文本，不能为空。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One character between the values: , ; | a space or a tab.</source>
        <translation>值之间的一个字符：, ; | 空格或 tab。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>An integer, 0 or more.</source>
        <translation>整数，不小于 0。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A number, 0 or more.</source>
        <translation>数值，不小于 0。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A number between 0 and 1, both excluded.</source>
        <translation>0 到 1 之间的数（不含 0 和 1）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>min: lower is better; max: higher is better; auto: decided from the monitored name.</source>
        <translation>min：越低越好；max：越高越好；auto：根据监控项的名称决定。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&quot;epoch&quot; saves after every epoch; a number saves every that many batches.</source>
        <translation>&quot;epoch&quot; 表示每轮之后保存；填数字表示每隔这么多个批次保存一次。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A number, or empty for none.</source>
        <translation>数值；留空表示不设置。</translation>
    </message>
</context>
<context>
    <name>es::ui::CallbacksForm</name>
    <message>
        <location filename="../ui/setup/callbacksform.cpp" line="+136"/>
        <source>No callback selected</source>
        <translation>未选择回调</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pick a callback in the list to see its parameters.</source>
        <translation>在列表中选择一个回调以查看其参数。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saves the model, and unless weights only also the optimizer, to a file after every epoch or every N batches; the file name can hold the epoch and logged values.</source>
        <translation>每轮或每 N 个批次之后把模型（除非只保存权重，否则连同优化器）保存到文件；文件名中可以包含轮次和记录的数值。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keeps a backup of the whole training state so that a run that was interrupted resumes where it stopped, with the same results.</source>
        <translation>备份完整的训练状态，使中断的运行能从停下的地方继续，并得到相同的结果。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ends training when the monitored value has not improved by min_delta for patience epochs.</source>
        <translation>当监控值在 patience 个轮次内的改善都没有达到 min_delta 时结束训练。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Multiplies the learning rate by factor when the monitored value has not improved for patience epochs.</source>
        <translation>当监控值在 patience 个轮次内没有改善时，把学习率乘以 factor。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Writes each epoch&apos;s losses and metrics as a row of a CSV file.</source>
        <translation>把每轮的损失和指标写成 CSV 文件中的一行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ends training as soon as the loss becomes NaN.</source>
        <translation>损失一旦变为 NaN 就结束训练。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 %2</source>
        <comment>two sentences: what the callback does, that it is not used</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not in this run: check it in the list to add it.</source>
        <translation>不在本次运行中：在列表中勾选即可加入。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>This callback has no parameters.</source>
        <translation>此回调没有参数。</translation>
    </message>
</context>
<context>
    <name>es::ui::CallbacksModel</name>
    <message>
        <location filename="../ui/setup/callbacksmodel.cpp" line="+256"/>
        <source>%1, every batch</source>
        <translation>%1，每个批次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, every %2 batches</source>
        <translation>%1，每 %2 个批次</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1, best %2</source>
        <translation>%1，仅在 %2 最佳时保存</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1, patience %2</source>
        <translation>%1，patience %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, factor %2, patience %3</source>
        <translation>%1，factor %2，patience %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>stops the run at a NaN loss</source>
        <translation>损失为 NaN 时停止运行</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Not in this run; check it to add it.</source>
        <translation>不在本次运行中；勾选即可加入。</translation>
    </message>
</context>
<context>
    <name>es::ui::CheckpointPicker</name>
    <message>
        <location filename="../ui/predict/checkpointpicker.cpp" line="+34"/>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>changed</source>
        <translation>已改动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>overwritten</source>
        <translation>已覆盖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>deleted by the run</source>
        <translation>被运行删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unreachable</source>
        <translation>无法访问</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>epoch %1, step %2</source>
        <translation>第 %1 轮，第 %2 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>epoch %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>best</source>
        <comment>the run&apos;s best checkpoint</comment>
        <translation>最佳</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>The run database %1 cannot be read: %2</source>
        <translation>无法读取运行数据库 %1：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>There is no run %1 in the run database (it may have been deleted).</source>
        <translation>运行数据库中没有运行 %1（它可能已被删除）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Run %1 (%2) cannot be used: its recorded config is not one this EpochScope reads any more:
%3</source>
        <translation>无法使用运行 %1（%2）：它记录的配置已不是这个版本的 EpochScope 能读取的配置：
%3</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Run %1 (%2) saved no model checkpoint, so there is no trained model to use. Add model_checkpoint in Run setup &gt; Callbacks and train again.</source>
        <translation>运行 %1（%2）没有保存模型检查点，因此没有可用的已训练模型。请在“运行设置 &gt; 回调”中添加 model_checkpoint，然后重新训练。</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>None of the %n model checkpoint(s) that run %1 (%2) saved is still as the run wrote it; each entry says what became of its file.</source>
        <translation>
            <numerusform>运行 %1（%2）保存的 %n 个模型检查点都已不再是运行写入时的样子；每一项都注明了其文件的情况。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>es::ui::ConfigEditor</name>
    <message>
        <location filename="../ui/setup/configeditor.cpp" line="+50"/>
        <source>(choose a preset)</source>
        <translation>（选择预设）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Data</source>
        <comment>setup tab: training data</comment>
        <translation>数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Device</source>
        <comment>setup tab: CPU or GPU, threads, backend</comment>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Callbacks</source>
        <translation>回调</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The whole run config (docs/config.md):</source>
        <translation>完整的运行配置（docs/config.md）：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>P&amp;reset:</source>
        <translation>预设(&amp;R)：</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>Load preset</source>
        <translation>载入预设</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>Ready: %1, rank %2 of %3 processes</source>
        <translation>就绪：%1，%3 个进程中的进程 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ready: %1</source>
        <translation>就绪：%1</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>type rank 0&apos;s address to join a run started elsewhere, or choose Several on this machine (Device tab)</source>
        <translation>请填写进程 0 的地址以加入在别处启动的运行，或选择“本机上的多个进程”（“设备”选项卡）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>rank %1 is not below the run&apos;s %2 processes (ranks count from 0)</source>
        <translation>进程编号 %1 不小于运行的进程数 %2（进程编号从 0 开始）</translation>
    </message>
</context>
<context>
    <name>es::ui::ConfusionMatrixChart</name>
    <message>
        <location filename="../ui/predict/confusionmatrixchart.cpp" line="+96"/>
        <source>predicted class</source>
        <translation>预测类别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>actual class</source>
        <translation>实际类别</translation>
    </message>
    <message numerus="yes">
        <location line="+62"/>
        <source>Confusion matrix of %n sample(s)</source>
        <translation>
            <numerusform>%n 个样本的混淆矩阵</numerusform>
        </translation>
    </message>
    <message>
        <location line="+34"/>
        <source>%1
%2%</source>
        <translation>%1
%2%</translation>
    </message>
    <message numerus="yes">
        <location line="+95"/>
        <source>actual %1, predicted %2: %n sample(s) (%3% of actual %1)</source>
        <translation>
            <numerusform>实际 %1，预测 %2：%n 个样本（占实际为 %1 的样本的 %3%）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>es::ui::CsvPage</name>
    <message>
        <location filename="../ui/setup/csvpage.cpp" line="+30"/>
        <source>A time series, one row per time step. A relative path is relative to the config file&apos;s folder.</source>
        <translation>时间序列，每个时间步一行。相对路径相对于配置文件所在的文件夹。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The field separator; auto detects it from the first rows.</source>
        <translation>字段分隔符；“自动”会根据前几行检测。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Whether row 1 names the columns; auto detects it (naming any column by name means a header).</source>
        <translation>第 1 行是否为列名；“自动”会自行检测（只要按名称引用了某一列，就表示有表头）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>e.g. open, close, 4</source>
        <translation>例如 open, close, 4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The input columns in order, separated by commas: header names or 0-based indices (0 is the first column). Quote a name that looks like a number or holds a comma: &quot;2020&quot;. The target may be one of them.</source>
        <translation>按顺序列出输入列，用逗号分隔：表头名称或从 0 开始的索引（0 是第一列）。看起来像数字或含逗号的名称要加引号：&quot;2020&quot;。目标列也可以是其中之一。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The column each sample predicts: a header name or a 0-based index.</source>
        <translation>每个样本要预测的列：表头名称或从 0 开始的索引。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rows per sample: the timesteps T.</source>
        <translation>每个样本的行数：即时间步数 T。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rows from the window&apos;s last row to the target row.</source>
        <translation>从窗口最后一行到目标行的行数。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rows between the starts of consecutive windows.</source>
        <translation>相邻两个窗口起点之间的行数。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>F&amp;ile:</source>
        <translation>文件(&amp;I)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the CSV file</source>
        <translation>选择 CSV 文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV files (*.csv *.txt)</source>
        <translation>CSV 文件 (*.csv *.txt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deli&amp;miter:</source>
        <translation>分隔符(&amp;M)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heade&amp;r:</source>
        <translation>表头(&amp;R)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Feature &amp;columns:</source>
        <translation>特征列(&amp;C)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tar&amp;get column:</source>
        <translation>目标列(&amp;G)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Window:</source>
        <translation>窗口(&amp;W)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>H&amp;orizon:</source>
        <translation>预测距离(&amp;O)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;tride:</source>
        <translation>步幅(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>es::ui::DashboardView</name>
    <message>
        <location filename="../ui/dashboard/dashboardview.cpp" line="+50"/>
        <source>Step charts show:</source>
        <translation>步耗时图显示：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Which process&apos;s steps the step time and host-to-device charts draw; each rank times its own phases</source>
        <translation>步耗时图和主机到设备图绘制哪个进程的步；每个进程各自计时其阶段</translation>
    </message>
</context>
<context>
    <name>es::ui::DataForm</name>
    <message>
        <location filename="../ui/setup/dataform.cpp" line="+47"/>
        <source>Where the samples come from: generated in memory (synthetic_regression, synthetic_tokens), NumPy files (npy), one NumPy archive (npz) or a time series in a CSV file (csv).</source>
        <translation>样本的来源：在内存中生成（synthetic_regression、synthetic_tokens）、NumPy 文件（npy）、一个 NumPy 归档（npz），或 CSV 文件中的时间序列（csv）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Source:</source>
        <translation>来源(&amp;S)：</translation>
    </message>
</context>
<context>
    <name>es::ui::DataInspector</name>
    <message>
        <location filename="../ui/setup/datainspector.cpp" line="+119"/>
        <source>Waiting for the training run to end: reading data files beside it would slow its steps.</source>
        <translation>等待训练运行结束：在训练的同时读取数据文件会拖慢它的步。</translation>
    </message>
</context>
<context>
    <name>es::ui::DataPreview</name>
    <message>
        <location filename="../ui/setup/datapreview.cpp" line="+40"/>
        <source>What the chosen files hold and what training would do with them, as `epochscope-cli inspect` prints it.</source>
        <translation>所选文件包含什么以及训练将如何使用它们，与 `epochscope-cli inspect` 的输出相同。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>y (%1, 1) float32 targets</source>
        <translation>y (%1, 1) float32 目标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>y (%1, 1) 0/1 labels</source>
        <translation>y (%1, 1) 0/1 标签</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>y (%1, 1) class ids in [0, %2)</source>
        <translation>y (%1, 1) 取值于 [0, %2) 的类别 id</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Generated in memory: x (%1, %2, %3) float32 features, %4; %5.</source>
        <translation>在内存中生成：x (%1, %2, %3) float32 特征，%4；%5。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>padded after the review</source>
        <translation>在评论之后填充</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>padded before the review</source>
        <translation>在评论之前填充</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Generated in memory: x (%1, %2) int64 token ids in [0, %3), %4, %5; %6.</source>
        <translation>在内存中生成：x (%1, %2) 取值于 [0, %3) 的 int64 词元 id，%4，%5；%6。</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1 samples train, %2 validate</source>
        <translation>%1 个样本用于训练，%2 个用于验证</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Choose the data files (Browse…) or drop them here to see what they hold.</source>
        <translation>选择数据文件（浏览…）或把文件拖放到这里，即可查看其内容。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Inspecting %1 …</source>
        <translation>正在检查 %1 …</translation>
    </message>
</context>
<context>
    <name>es::ui::DataSourcePage</name>
    <message>
        <location filename="../ui/setup/datasourcepage.cpp" line="+52"/>
        <source>auto</source>
        <comment>CSV delimiter: detected</comment>
        <translation>自动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, (comma)</source>
        <translation>,（逗号）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>; (semicolon)</source>
        <translation>;（分号）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tab</source>
        <translation>制表符</translation>
    </message>
    <message>
        <location filename="../ui/script/profilescriptdialog.cpp" line="+33"/>
        <location filename="../ui/setup/browserow.cpp" line="+40"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
</context>
<context>
    <name>es::ui::DeviceForm</name>
    <message>
        <location filename="../ui/setup/deviceform.cpp" line="+50"/>
        <source>Use cuDNN&apos;s fused LSTM on CUDA devices</source>
        <translation>在 CUDA 设备上使用 cuDNN 的融合 LSTM</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Synchronise after each GPU phase</source>
        <translation>每个 GPU 阶段后同步</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>No CUDA device found on this machine.</source>
        <translation>本机未发现 CUDA 设备。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n CUDA device(s) found.</source>
        <translation>
            <numerusform>发现 %n 个 CUDA 设备。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>one per core</source>
        <translation>每核一个</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Threads LibTorch uses inside one operation. This machine has %n physical core(s).</source>
        <translation>
            <numerusform>LibTorch 在单个运算内部使用的线程数。本机有 %n 个物理核心。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>LibTorch&apos;s default</source>
        <translation>LibTorch 默认值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How LSTM layers run: auto picks the fastest eligible backend and records why.</source>
        <translation>LSTM 层的运行方式：auto 会选择可用的最快后端，并记录原因。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Flush denormal floats to zero on the training threads: auto flushes with the onednn backend, where tiny values would otherwise slow the fused kernels, and leaves LibTorch&apos;s default with libtorch.</source>
        <translation>在训练线程上把非规格化浮点数清零：使用 onednn 后端时 auto 会清零（否则极小的数值会拖慢融合内核），使用 libtorch 时保留 LibTorch 的默认设置。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Where tensor memory on the host comes from. auto takes the fastest measured that this machine has (tcmalloc, then tuned glibc), so large tensors are not mapped and page-faulted in again every step.</source>
        <translation>主机上张量内存的来源。auto 选用本机已有且实测最快的分配器（先 tcmalloc，再调优的 glibc），这样大张量不会在每个步骤都重新映射并再次触发缺页。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How often CPU, memory and GPU use are sampled.</source>
        <translation>CPU、内存和 GPU 使用情况的采样间隔。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exact GPU phase times, at the cost of the overlap the GPU would otherwise have. Recorded with the run.</source>
        <translation>精确的 GPU 阶段耗时，代价是失去 GPU 原本可以有的重叠执行。随运行一起记录。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Device:</source>
        <translation>设备(&amp;D)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Threads:</source>
        <translation>线程数(&amp;T)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Inter-op threads:</source>
        <translation>算子间线程数(&amp;I)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LSTM &amp;backend:</source>
        <translation>LSTM 后端(&amp;B)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Flush denormals:</source>
        <translation>非规格化数清零(&amp;F)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host &amp;allocator:</source>
        <translation>主机内存分配器(&amp;A)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Sample every:</source>
        <translation>采样间隔(&amp;S)：</translation>
    </message>
</context>
<context>
    <name>es::ui::DistributedFields</name>
    <message>
        <location filename="../ui/setup/distributedfields.cpp" line="+26"/>
        <source>Several processes (distributed training)</source>
        <translation>多个进程（分布式训练）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>One: this window</source>
        <translation>一个：本窗口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Several on this machine</source>
        <translation>本机上的多个进程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Join a distributed run</source>
        <translation>加入分布式运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How many processes train the run together, each on its own share of every step&apos;s samples (docs/distributed.md)</source>
        <translation>有多少个进程共同训练此运行，每个进程训练每步样本中属于自己的那一份（docs/distributed.md）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>distributed.world_size: every process of the run, on every machine; data.batch_size is per process</source>
        <translation>distributed.world_size：运行在所有机器上的全部进程数；data.batch_size 按每个进程计</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The rank this window trains, 0 to the processes in all less one. Not saved in the config: each process is given its own</source>
        <translation>本窗口训练的进程编号，从 0 到进程总数减一。不保存在配置中：每个进程各有自己的编号</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HOST:PORT, e.g. 10.0.0.1:29500</source>
        <translation>HOST:PORT，例如 10.0.0.1:29500</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>distributed.init: where rank 0 serves the meeting point (an address of rank 0&apos;s machine and a free port); a file:PATH on a file system every rank sees also works</source>
        <translation>distributed.init：进程 0 提供会合点的位置（进程 0 所在机器的地址和一个空闲端口）；也可以用所有进程都能访问的文件系统上的 file:PATH</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>empty: loopback, for ranks on this machine only</source>
        <translation>留空：回环地址，仅适用于本机上的进程</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>distributed.interface: the network interface (eth0) or this machine&apos;s address the ranks send gradients over; needed when the ranks are on several machines</source>
        <translation>distributed.interface：各进程发送梯度所用的网络接口（eth0）或本机地址；进程分布在多台机器上时必须填写</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Processes:</source>
        <translation>进程(&amp;P)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+89"/>
        <source>Processes in &amp;all:</source>
        <translation>进程总数(&amp;A)：</translation>
    </message>
    <message>
        <location line="-88"/>
        <source>This window&apos;s &amp;rank:</source>
        <translation>本窗口的进程编号(&amp;R)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rank 0&apos;s a&amp;ddress:</source>
        <translation>进程 0 的地址(&amp;D)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Network &amp;interface:</source>
        <translation>网络接口(&amp;I)：</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>Processes on this &amp;machine:</source>
        <translation>本机进程数(&amp;M)：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>This window trains the run as one process.</source>
        <translation>本窗口以一个进程训练此运行。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Start trains rank 0 in this window and starts ranks 1 to %2 itself, each running epochscope-cli, with a share of this machine&apos;s cores. Rank 0 records the run with every rank&apos;s steps; the others&apos; warnings and errors appear in the Log. From a terminal the same run is:
epochscope-cli train --config FILE --nproc %1</source>
        <translation>“开始”在本窗口中训练进程 0，并自行启动进程 1 到 %2，每个进程运行 epochscope-cli，分用本机的 CPU 核心。进程 0 记录此运行及每个进程的步骤；其他进程的警告和错误显示在日志中。在终端中，同样的运行是：
epochscope-cli train --config FILE --nproc %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>HOST:PORT</source>
        <translation>HOST:PORT</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start every other rank R on its machine with the same config:
epochscope-cli train --config FILE --rank R --world-size %1 --master %2 --interface IFACE</source>
        <translation>在各自的机器上用同一配置启动其他每个进程 R：
epochscope-cli train --config FILE --rank R --world-size %1 --master %2 --interface IFACE</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This window trains rank 0 of %1 and no other: it serves the meeting point at %2 (an address of this machine) and records the run with every rank&apos;s steps.</source>
        <translation>本窗口只训练 %1 个进程中的进程 0：它在 %2（本机的一个地址）提供会合点，并记录包含每个进程各步的运行。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This window trains rank %1 of %2 and no other; rank 0, at %3, records the run and this window does not.</source>
        <translation>本窗口只训练 %2 个进程中的进程 %1；运行由位于 %3 的进程 0 记录，本窗口不记录。</translation>
    </message>
</context>
<context>
    <name>es::ui::EnvironmentPanel</name>
    <message>
        <location filename="../ui/env/environmentpanel.cpp" line="+28"/>
        <source>The environment check failed: %1</source>
        <translation>环境检查失败：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Check this machine</source>
        <translation>检查本机(&amp;C)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Find the BLAS LibTorch loaded, measure SGEMM, check threads, CUDA and GPUs (a few seconds)</source>
        <translation>找出 LibTorch 加载的 BLAS，测量 SGEMM，检查线程、CUDA 和 GPU（需要几秒钟）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not checked yet.</source>
        <translation>尚未检查。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Waiting for the training run to end: the check measures SGEMM on the same cores, which would slow the run&apos;s steps (and its diagnosis would blame the run).</source>
        <translation>等待训练运行结束：检查会在同样的 CPU 核上测量 SGEMM，这会拖慢运行的步（而它的诊断会把这归咎于运行）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Measuring...</source>
        <translation>正在测量...</translation>
    </message>
</context>
<context>
    <name>es::ui::EpochPhaseChart</name>
    <message>
        <location filename="../ui/plots/epochphasechart.cpp" line="+35"/>
        <source>Epoch time by phase</source>
        <translation>各阶段的每轮耗时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Epoch</source>
        <comment>axis: epoch number</comment>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Validation</source>
        <comment>legend: the validation pass&apos;s time</comment>
        <translation>验证</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Callbacks (epoch end)</source>
        <translation>回调（轮末）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>first epoch</source>
        <translation>第一轮</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>Epoch %1: %2 s (training %3 s, validation %4 s)</source>
        <translation>第 %1 轮：%2 秒（训练 %3 秒，验证 %4 秒）</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>%1: %2 s, %3 MB in %n file(s)</source>
        <translation>
            <numerusform>%1：%2 秒，%n 个文件共 %3 MB</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>es::ui::ExperimentChart</name>
    <message>
        <location filename="../ui/whatif/experimentchart.cpp" line="+42"/>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>ms/step</source>
        <translation>毫秒/步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Variants</source>
        <translation>变体</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Min–max over the runs</source>
        <translation>各次运行的最小值–最大值</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>%1
failed: %2</source>
        <translation>%1
失败：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1
not measured</source>
        <translation>%1
未测量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1
median %2 ms per step (min %3, max %4) over %5 of %6 runs</source>
        <translation>%1
%6 次运行中 %5 次的每步中位数 %2 ms（最小 %3，最大 %4）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>speedup %1×, epoch %2 s (projected, not measured)</source>
        <translation>加速比 %1×，每轮 %2 秒（推算值，非实测）</translation>
    </message>
</context>
<context>
    <name>es::ui::ExperimentJob</name>
    <message>
        <location filename="../ui/whatif/experimentjob.cpp" line="+105"/>
        <source>Not recording this experiment: %1</source>
        <translation>不记录此实验：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The run database missed part of this experiment: %1</source>
        <translation>运行数据库漏记了此实验的一部分：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The baseline run failed, so there is nothing to compare against: %1</source>
        <translation>基线运行失败，因此没有可比较的对象：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The experiment failed: %1</source>
        <translation>实验失败：%1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>run %1 of %2: %3, repeat %4 of %5</source>
        <translation>运行 %1/%2：%3，重复 %4/%5</translation>
    </message>
</context>
<context>
    <name>es::ui::ExperimentResultsModel</name>
    <message>
        <location filename="../ui/whatif/experimentresultsmodel.cpp" line="+70"/>
        <source>%1 %2 ms</source>
        <translation>%1 %2 ms</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 + %2 warm-up</source>
        <comment>first step ms + the warm-up steps&apos; ms</comment>
        <translation>%1 + %2 预热</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The config every variant is compared with</source>
        <translation>所有变体都与之比较的配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSON merge patch on the baseline: %1</source>
        <translation>在基线上应用的 JSON 合并补丁：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Runs measured (completed, with a measured window) of those planned; a stopped run is kept in the database but not counted</source>
        <translation>计划的运行中已测量的次数（已完成且有测量窗口）；被停止的运行会保留在数据库中，但不计入</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Projected, not measured: %1 ms per step × %2 steps per epoch of the full config</source>
        <translation>推算值，非实测：每步 %1 ms × 完整配置的每轮 %2 步</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The baseline&apos;s projected epoch time over this one&apos;s: above 1 is faster</source>
        <translation>基线的推算每轮耗时除以本配置的：大于 1 表示更快</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>Measured: the median step time of each run&apos;s %n measured step(s); min, median and max over the runs</source>
        <translation>
            <numerusform>实测：每次运行的 %n 个测量步的步耗时中位数；最小值、中位数和最大值取自各次运行</numerusform>
        </translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Milliseconds per step, measured: over the runs&apos; median step times (each run&apos;s steps after the warm-up)</source>
        <translation>每步毫秒数（实测）：基于各次运行的步耗时中位数（每次运行预热之后的步）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Projected, not measured: median ms per step × steps per epoch of the configuration&apos;s full config</source>
        <translation>推算值，非实测：每步毫秒数中位数 × 该配置完整配置的每轮步数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Milliseconds of the runs&apos; first step (median), which the measured window leaves out: the configuration&apos;s one-time cost. Warm-up steps (training.warmup_steps) take it out of step 1 and show after the +</source>
        <translation>各次运行第一步的毫秒数（中位数），不在测量窗口之内：即该配置的一次性开销。预热步（training.warmup_steps）会把它从第 1 步中移出，显示在 + 号之后</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The baseline&apos;s projected epoch time over the row&apos;s</source>
        <translation>基线的推算每轮耗时除以本行的</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mean training loss of the measured steps (median over the runs): a variant that changes the model, such as a layer&apos;s options, changes it</source>
        <translation>测量步的平均训练损失（取各次运行的中位数）：改变模型的变体（例如某层的选项）会改变它</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The most tensor memory a measured step held (median over the runs). With two batch sizes measured, diagnosing a run projects the largest batch that fits (memory-headroom)</source>
        <translation>测量步中张量内存占用的最大值（取各次运行的中位数）。测过两个批大小后，诊断其中一次运行即可推算放得下的最大批（memory-headroom）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The phases whose medians changed most against the baseline</source>
        <translation>与基线相比中位数变化最大的阶段</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs</source>
        <comment>column: runs measured of those planned</comment>
        <translation>运行数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Min ms</source>
        <translation>最小 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Median ms</source>
        <translation>中位数 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max ms</source>
        <translation>最大 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First step ms</source>
        <translation>首步 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Epoch (projected)</source>
        <translation>每轮耗时（推算）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tensor peak</source>
        <translation>张量峰值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Largest changes</source>
        <translation>最大变化</translation>
    </message>
</context>
<context>
    <name>es::ui::FindingsModel</name>
    <message>
        <location filename="../ui/findings/findingsmodel.cpp" line="+33"/>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>steps %1-%2</source>
        <translation>第 %1–%2 步</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Finding</source>
        <comment>column: the finding&apos;s title</comment>
        <translation>诊断结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where</source>
        <comment>column: the steps a finding is about</comment>
        <translation>位置</translation>
    </message>
</context>
<context>
    <name>es::ui::FindingsPanel</name>
    <message>
        <location filename="../ui/findings/findingspanel.cpp" line="+45"/>
        <source>Run %1 is no longer in the history.</source>
        <translation>运行 %1 已不在历史记录中。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Machine findings left out: %1</source>
        <translation>未包含本机诊断结果：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Peak for efficiency: %1 GFLOP/s (%2)</source>
        <translation>效率参照峰值：%1 GFLOP/s（%2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The diagnosis failed: %1</source>
        <translation>诊断失败：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;Diagnose</source>
        <translation>诊断(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check this &amp;machine too</source>
        <translation>同时检查本机(&amp;M)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Apply fix to setup</source>
        <translation>把修复应用到设置(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Try this fix</source>
        <translation>试用此修复(&amp;T)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run the diagnosis rules over the shown run and save the findings with it (docs/diagnosis.md)</source>
        <translation>对显示的运行执行诊断规则，并把诊断结果与之一起保存（docs/diagnosis.md）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Also run the environment doctor (about a second): its findings, and the SGEMM peak the efficiency rule needs</source>
        <translation>同时运行环境检查（约一秒）：得到它的诊断结果，以及效率规则所需的 SGEMM 峰值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Load the run&apos;s config with this finding&apos;s fix into Run setup, ready to start and compare</source>
        <translation>把应用了此修复的运行配置载入“运行设置”，可直接开始并比较</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Measure the run&apos;s config with and without this fix side by side in a what-if experiment (a warm-up and a measured window each, repeated)</source>
        <translation>在假设实验中并排测量该运行配置应用与不应用此修复的表现（每次先预热再测量一个窗口，重复多次）</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>Not diagnosed yet: press Diagnose.</source>
        <translation>尚未诊断：请按“诊断”。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Run %1: waiting for the training run to end before measuring this machine...</source>
        <translation>运行 %1：等待训练运行结束后再测量这台机器...</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Run %1: measuring this machine and diagnosing...</source>
        <translation>运行 %1：正在测量本机并诊断...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run %1: diagnosing...</source>
        <translation>运行 %1：正在诊断...</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>No run shown: open one from Runs, or start one.</source>
        <translation>没有显示运行：从“运行记录”中打开一个，或开始一次新运行。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Run %1: %n finding(s)</source>
        <translation>
            <numerusform>运行 %1：%n 条诊断结果</numerusform>
        </translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Evidence:</source>
        <translation>证据：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Where:</source>
        <translation>位置：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fix:</source>
        <translation>修复方法：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Config patch:</source>
        <translation>配置补丁：</translation>
    </message>
</context>
<context>
    <name>es::ui::LayerFields</name>
    <message>
        <location filename="../ui/setup/layerfields.cpp" line="+163"/>
        <source>Select a layer to edit it.</source>
        <translation>选择一个层进行编辑。</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Advanced option&amp;s</source>
        <translation>高级选项(&amp;S)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: options most models leave at Keras&apos; defaults; the count says how many this layer changes.</source>
        <translation>%1：多数模型保持 Keras 默认值的选项；括号中的数字是本层改动的个数。</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>The embeddings initializer</source>
        <translation>嵌入初始化器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Vocabulary (input_dim):</source>
        <translation>词表大小 (input_dim)(&amp;V)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keras&apos; input_dim: the vocabulary size; token ids run from 0 to input_dim - 1.</source>
        <translation>Keras 的 input_dim：词表大小；词元 id 的取值为 0 到 input_dim - 1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Width (output_dim):</source>
        <translation>向量维度 (output_dim)(&amp;W)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keras&apos; output_dim: the width of each token&apos;s vector.</source>
        <translation>Keras 的 output_dim：每个词元向量的维度。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Mask zero: token 0 is padding</source>
        <translation>屏蔽 0(&amp;M)：词元 0 为填充</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keras&apos; mask_zero: token id 0 is padding; the recurrent layers carry their state and output through padded steps.</source>
        <translation>Keras 的 mask_zero：词元 id 0 表示填充；循环层在填充的时间步上沿用其状态和输出。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Embeddings initializer:</source>
        <translation>嵌入初始化器：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keras&apos; embeddings_initializer: how the token vectors start.</source>
        <translation>Keras 的 embeddings_initializer：词元向量的初始值。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Go backwards, bias, unit forget bias or reset after, unroll, L2 and initializers</source>
        <translation>反向读取、偏置、遗忘门偏置或后置重置门、展开循环、L2 和初始化器</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The fused kernels (oneDNN on the CPU, cuDNN on a GPU) run Keras&apos; defaults only; with these options the layer runs step by step, as Keras runs it too.</source>
        <translation>融合内核（CPU 上的 oneDNN、GPU 上的 cuDNN）只支持 Keras 的默认选项；使用这些选项时，该层逐时间步运行，Keras 也是如此。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The layer Bidirectional wraps (Keras&apos; layer argument): it runs once forward and once backward over each sequence.</source>
        <translation>Bidirectional 包装的层（Keras 的 layer 参数）：对每个序列正向运行一次、反向运行一次。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Wrapped layer:</source>
        <translation>包装的层(&amp;W)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keras&apos; merge_mode: how the forward and backward outputs combine; concat doubles the width, sum, mul and ave keep it.</source>
        <translation>Keras 的 merge_mode：正向与反向输出的合并方式；concat 使宽度加倍，sum、mul 和 ave 保持宽度不变。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Merge mode:</source>
        <translation>合并方式(&amp;M)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+94"/>
        <source>&amp;Units:</source>
        <translation>单元数(&amp;U)：</translation>
    </message>
    <message>
        <location line="-92"/>
        <source>Keras&apos; units: the hidden state&apos;s width (of each direction in a bidirectional layer).</source>
        <translation>Keras 的 units：隐藏状态的宽度（双向层中为每个方向的宽度）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Return the whole se&amp;quence</source>
        <translation>返回完整序列(&amp;Q)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keras&apos; return_sequences: on for every recurrent layer that feeds another.</source>
        <translation>Keras 的 return_sequences：每个连接到下一个循环层的循环层都需要开启。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+88"/>
        <source>Ac&amp;tivation:</source>
        <translation>激活函数(&amp;T)：</translation>
    </message>
    <message>
        <location line="-85"/>
        <source>Keras&apos; activation: the cell&apos;s activation; the fused kernels run tanh only.</source>
        <translation>Keras 的 activation：单元的激活函数；融合内核只支持 tanh。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recurrent activatio&amp;n:</source>
        <translation>循环激活函数(&amp;N)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keras&apos; recurrent_activation: the gates&apos; activation; the fused kernels run sigmoid only (hard_sigmoid_keras2 is Keras 2&apos;s default).</source>
        <translation>Keras 的 recurrent_activation：门的激活函数；融合内核只支持 sigmoid（hard_sigmoid_keras2 是 Keras 2 的默认值）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Input &amp;dropout:</source>
        <translation>输入 dropout(&amp;D)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keras&apos; dropout: on the layer&apos;s input, one mask for all time steps.</source>
        <translation>Keras 的 dropout：作用于层的输入，所有时间步共用一个掩码。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recurrent dr&amp;opout:</source>
        <translation>循环 dropout(&amp;O)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keras&apos; recurrent_dropout: on the hidden state, one mask for all time steps; above 0 the layer runs on the step loop.</source>
        <translation>Keras 的 recurrent_dropout：作用于隐藏状态，所有时间步共用一个掩码；大于 0 时该层在逐步循环上运行。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Go backwards</source>
        <translation>反向读取(&amp;G)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keras&apos; go_backwards: read each sequence from its last step to its first.</source>
        <translation>Keras 的 go_backwards：从最后一个时间步到第一个时间步读取每个序列。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>&amp;Kernel L2:</source>
        <translation>核权重 L2(&amp;K)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keras&apos; kernel_regularizer=l2(...): adds kernel_l2 * sum(W_ih^2) to the loss.</source>
        <translation>Keras 的 kernel_regularizer=l2(...)：在损失中加上 kernel_l2 * sum(W_ih^2)。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recurrent L&amp;2:</source>
        <translation>循环权重 L2(&amp;2)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keras&apos; recurrent_regularizer=l2(...): adds recurrent_l2 * sum(W_hh^2) to the loss.</source>
        <translation>Keras 的 recurrent_regularizer=l2(...)：在损失中加上 recurrent_l2 * sum(W_hh^2)。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Bias and initializers</source>
        <translation>偏置和初始化器</translation>
    </message>
    <message>
        <location line="-57"/>
        <location line="+67"/>
        <source>Use bias</source>
        <translation>使用偏置</translation>
    </message>
    <message>
        <location line="-66"/>
        <location line="+67"/>
        <source>Keras&apos; use_bias: whether the layer adds biases.</source>
        <translation>Keras 的 use_bias：该层是否加偏置。</translation>
    </message>
    <message>
        <location line="-65"/>
        <source>Unit forget bias</source>
        <translation>遗忘门偏置初始为 1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keras&apos; unit_forget_bias (LSTM): the forget gate&apos;s bias starts at 1.</source>
        <translation>Keras 的 unit_forget_bias（LSTM）：遗忘门的偏置初始为 1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Reset after</source>
        <translation>后置重置门</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keras&apos; reset_after (GRU): apply the reset gate after the recurrent matrix, as Keras does since 2.3 and cuDNN does; off is Keras&apos; original GRU, which no fused kernel runs.</source>
        <translation>Keras 的 reset_after（GRU）：在循环矩阵之后应用重置门，Keras 2.3 起的默认做法，cuDNN 也是如此；关闭即 Keras 最初的 GRU，没有融合内核支持它。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Unroll</source>
        <translation>展开循环</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keras&apos; unroll: Keras unrolls the loop into one graph; here it keeps the layer off the fused kernel, as it does in Keras.</source>
        <translation>Keras 的 unroll：Keras 把循环展开成一张计算图；在这里它使该层不使用融合内核，与 Keras 中一样。</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+36"/>
        <source>Kernel initializer:</source>
        <translation>核权重初始化器：</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>Keras&apos; kernel_initializer: how the input weights start.</source>
        <translation>Keras 的 kernel_initializer：输入权重的初始值。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recurrent initializer:</source>
        <translation>循环权重初始化器：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keras&apos; recurrent_initializer: how the recurrent weights start.</source>
        <translation>Keras 的 recurrent_initializer：循环权重的初始值。</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+32"/>
        <source>Bias initializer:</source>
        <translation>偏置初始化器：</translation>
    </message>
    <message>
        <location line="-30"/>
        <location line="+32"/>
        <source>Keras&apos; bias_initializer: how the biases start.</source>
        <translation>Keras 的 bias_initializer：偏置的初始值。</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>&amp;Rate:</source>
        <translation>丢弃率(&amp;R)：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keras&apos; rate: the fraction of the inputs set to zero while training.</source>
        <translation>Keras 的 rate：训练时置零的输入比例。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Keras&apos; units: the output&apos;s width.</source>
        <translation>Keras 的 units：输出的宽度。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keras&apos; activation: applied to the output.</source>
        <translation>Keras 的 activation：作用于输出。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Keras&apos; kernel_initializer: how the weights start.</source>
        <translation>Keras 的 kernel_initializer：权重的初始值。</translation>
    </message>
    <message numerus="yes">
        <location line="+52"/>
        <source>%1 (%n changed)</source>
        <comment>advanced options: how many differ from Keras&apos; defaults</comment>
        <translation>
            <numerusform>%1（已改动 %n 项）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>es::ui::LayersModel</name>
    <message>
        <location filename="../ui/setup/layersmodel.cpp" line="+25"/>
        <source>batch</source>
        <comment>output shape&apos;s first dimension: (batch, 64)</comment>
        <translation>批次</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Step loop: %1 %2 is not fused (%1 %3 is)</source>
        <translation>逐步循环：融合内核不支持 %1 %2（支持 %1 %3）</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output shape</source>
        <translation>输出形状</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training / batch</source>
        <comment>FLOPs of one batch, forward and backward</comment>
        <translation>每批训练 FLOP</translation>
    </message>
</context>
<context>
    <name>es::ui::LocalRankProcesses</name>
    <message>
        <location filename="../ui/live/localrankprocesses.cpp" line="+74"/>
        <source>the other processes run %1, which is not there: reinstall EpochScope, or start all %2 processes with epochscope-cli train --config FILE --nproc %2</source>
        <translation>其他进程需要运行 %1，但它不存在：请重新安装 EpochScope，或用 epochscope-cli train --config FILE --nproc %2 启动全部 %2 个进程</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>cannot create a temporary directory for the processes: %1</source>
        <translation>无法为各进程创建临时目录：%1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>cannot write the processes&apos; config %1: %2</source>
        <translation>无法写入各进程的配置 %1：%2</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Rank %1 could not start: %2</source>
        <translation>进程 %1 无法启动：%2</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Rank %1 failed with exit status %2.</source>
        <translation>进程 %1 失败，退出状态为 %2。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rank %1 ended abnormally.</source>
        <translation>进程 %1 异常结束。</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Rank %1 had not ended %2 s after rank 0 and was killed.</source>
        <translation>进程 0 结束 %2 秒后进程 %1 仍未结束，已被强制终止。</translation>
    </message>
</context>
<context>
    <name>es::ui::LossChart</name>
    <message>
        <location filename="../ui/plots/losschart.cpp" line="+51"/>
        <source>Loss and metrics</source>
        <translation>损失和指标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Epoch</source>
        <comment>axis: epoch number</comment>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Loss per step (smoothed)</source>
        <translation>每步损失（平滑）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Training loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Validation loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <location line="+123"/>
        <source>Smoothed step loss at epoch %1: %2</source>
        <translation>第 %1 轮的平滑步损失：%2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Epoch %1: training loss %2</source>
        <translation>第 %1 轮：训练损失 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Validation loss %1</source>
        <translation>验证损失 %1</translation>
    </message>
</context>
<context>
    <name>es::ui::MainWindow</name>
    <message>
        <location filename="../ui/mainwindow.cpp" line="+39"/>
        <source>EpochScope</source>
        <translation>EpochScope</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Run database unusable: see the Runs panel</source>
        <translation>运行数据库无法使用：请查看“运行记录”面板</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Runs are neither recorded nor listed until another run database is chosen (File &gt; Run database...)</source>
        <translation>在选择另一个运行数据库（文件 &gt; 运行数据库...）之前，既不会记录也不会列出运行</translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="+18"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open config...</source>
        <translation>打开配置(&amp;O)...</translation>
    </message>
    <message>
        <location filename="../ui/mainwindowconfigfiles.cpp" line="+41"/>
        <location filename="../ui/mainwindowmenus.cpp" line="+1"/>
        <source>Open run config</source>
        <translation>打开运行配置</translation>
    </message>
    <message>
        <location line="+14"/>
        <location filename="../ui/mainwindowmenus.cpp" line="+1"/>
        <source>Run configs (*.json)</source>
        <translation>运行配置 (*.json)</translation>
    </message>
    <message>
        <location filename="../ui/mainwindowmenus.cpp" line="+5"/>
        <source>&amp;Save config</source>
        <translation>保存配置(&amp;S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save config &amp;as...</source>
        <translation>配置另存为(&amp;A)...</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Import Keras model...</source>
        <translation>导入 Keras 模型(&amp;I)...</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Bring a Keras model (model.to_json() or a .keras file) into Run setup</source>
        <translation>把 Keras 模型（model.to_json() 或 .keras 文件）导入运行设置</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Profile a Python script...</source>
        <translation>分析 Python 脚本(&amp;P)...</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run your own PyTorch training script under the probe: its steps by phase, live, and why it is slow</source>
        <translation>在探针下运行你自己的 PyTorch 训练脚本：实时按阶段显示其各步，并说明为何慢</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run &amp;database...</source>
        <translation>运行数据库(&amp;D)...</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose the file runs are recorded into and browsed from</source>
        <translation>选择用来记录和浏览运行的文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Settings...</source>
        <translation>设置(&amp;S)...</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Presets</source>
        <translation>预设(&amp;P)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Run</source>
        <comment>menu: the training run</comment>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Start</source>
        <comment>action: start training</comment>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../ui/mainwindowrun.cpp" line="+46"/>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;What-if experiment...</source>
        <translation>假设实验(&amp;W)...</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Measure Run setup&apos;s config against variants of it (threads, batch size, placement, ...) side by side</source>
        <translation>把“运行设置”中的配置与它的变体（线程数、批大小、数据放置等）并排测量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>P&amp;redict...</source>
        <translation>预测(&amp;R)...</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run a recorded run&apos;s trained model on its validation data or on files, and see how well it predicts</source>
        <translation>用已记录运行训练出的模型对其验证数据或文件做预测，并查看预测效果</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run</source>
        <comment>toolbar name</comment>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../ui/mainwindowdocks.cpp" line="+30"/>
        <source>Run setup</source>
        <translation>运行设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs</source>
        <comment>dock: recorded training runs</comment>
        <translation>运行记录</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Findings</source>
        <comment>dock: the diagnosis&apos;s findings</comment>
        <translation>诊断结果</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>What-if</source>
        <translation>假设实验</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Predict</source>
        <comment>dock: a trained model run on data</comment>
        <translation>预测</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../ui/mainwindowrun.cpp" line="-11"/>
        <source>A what-if experiment is measuring: start when it has ended</source>
        <translation>假设实验正在测量：请在它结束后再开始</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start training (F5)</source>
        <translation>开始训练（F5）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fix the config first:
%1</source>
        <translation>请先修正配置：
%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A run is training: an experiment now would measure both. Run it when the run has ended.</source>
        <translation>有运行正在训练：此时做实验会把两者一起测量。请在该运行结束后再做实验。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <location filename="../ui/mainwindowsettings.cpp" line="+46"/>
        <source>Run database: %1</source>
        <translation>运行数据库：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Choose the run database</source>
        <translation>选择运行数据库</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run databases (*.sqlite *.db);;All files (*)</source>
        <translation>运行数据库 (*.sqlite *.db);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../ui/mainwindowconfigfiles.cpp" line="-29"/>
        <location line="+8"/>
        <location line="+12"/>
        <location filename="../ui/mainwindowimport.cpp" line="+107"/>
        <source>EpochScope - %1</source>
        <translation>EpochScope - %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+6"/>
        <source>Save run config</source>
        <translation>保存运行配置</translation>
    </message>
    <message>
        <location filename="../ui/mainwindowrun.cpp" line="+52"/>
        <source>Start</source>
        <comment>message box title</comment>
        <translation>开始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run cannot start: %1</source>
        <translation>无法开始运行：%1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Stopping after the current step...</source>
        <translation>将在当前步之后停止...</translation>
    </message>
    <message>
        <location filename="../ui/mainwindowhistory.cpp" line="+44"/>
        <source>A run is in progress: the dashboard shows it until it ends.</source>
        <translation>有运行正在进行：在它结束之前仪表板会一直显示它。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>EpochScope - run %1 (%2)</source>
        <translation>EpochScope - 运行 %1（%2）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Run %1 is not in the database any more.</source>
        <translation>运行 %1 已不在数据库中。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cannot open run %1: %2</source>
        <translation>无法打开运行 %1：%2</translation>
    </message>
    <message>
        <location filename="../ui/mainwindowfixes.cpp" line="+23"/>
        <source>Run %1&apos;s config with the fix %2 is in Run setup: press Start to measure it.</source>
        <translation>运行 %1 应用修复 %2 后的配置已载入“运行设置”：按“开始”进行测量。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot apply the fix to run %1&apos;s config: %2</source>
        <translation>无法把修复应用到运行 %1 的配置：%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>current setup (%1)</source>
        <translation>当前设置（%1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run setup&apos;s config has problems, so it cannot be the what-if baseline: %1</source>
        <translation>“运行设置”中的配置有问题，不能作为假设实验的基线：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A what-if experiment is running: stop it before trying another fix.</source>
        <translation>假设实验正在运行：请先停止它，再试用其他修复。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>run %1 (%2)</source>
        <translation>运行 %1（%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot try the fix on run %1&apos;s config: %2</source>
        <translation>无法在运行 %1 的配置上试用修复：%2</translation>
    </message>
    <message>
        <location filename="../ui/mainwindowdocks.cpp" line="+22"/>
        <source>warning: </source>
        <translation>警告：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>error: </source>
        <translation>错误：</translation>
    </message>
    <message>
        <location filename="../ui/mainwindowrun.cpp" line="-39"/>
        <source>The run starts when the environment check or the prediction ends.</source>
        <translation>运行将在环境检查或预测结束后开始。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Not started: the config&apos;s files were not allowed.</source>
        <translation>未开始：配置要写的文件未获允许。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Stopping the script: SIGINT now, SIGTERM after 10 s and SIGKILL 5 s later while it still runs...</source>
        <translation>正在停止脚本：现在发送 SIGINT，若仍在运行，10 秒后发送 SIGTERM，再过 5 秒发送 SIGKILL...</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The run finished.</source>
        <translation>运行已完成。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run was stopped.</source>
        <translation>运行已停止。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Recorded as run %1 in %2</source>
        <translation>已记录为 %2 中的运行 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+13"/>
        <source>Quit EpochScope</source>
        <translation>退出 EpochScope</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>A run is in progress. Stop it and quit?</source>
        <translation>有运行正在进行。要停止它并退出吗？</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>A what-if experiment is measuring. Stop it and quit?</source>
        <translation>假设实验正在测量。要停止它并退出吗？</translation>
    </message>
    <message>
        <location filename="../ui/mainwindowimport.cpp" line="-28"/>
        <location line="+19"/>
        <source>Import Keras model</source>
        <translation>导入 Keras 模型</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>Keras models (*.json *.keras);;model.to_json() (*.json);;Keras archives (*.keras)</source>
        <translation>Keras 模型 (*.json *.keras);;model.to_json() (*.json);;Keras 存档 (*.keras)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Keras model %1 not imported: %2</source>
        <translation>未导入 Keras 模型 %1：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 cannot be imported:

%2</source>
        <translation>无法导入 %1：

%2</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>Imported %1 (%2): %n layer(s) in Run setup as config %3</source>
        <translation>
            <numerusform>已导入 %1（%2）：%n 个层已放入运行设置，配置名为 %3</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Keras import: %1</source>
        <translation>Keras 导入：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1; %n note(s) in the Log</source>
        <translation>
            <numerusform>%1；日志中有 %n 条说明</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../ui/mainwindowpredict.cpp" line="+54"/>
        <source>Exported for PyTorch to %1</source>
        <translation>已导出为 PyTorch 模型，位于 %1</translation>
    </message>
    <message>
        <location filename="../ui/mainwindowscript.cpp" line="+37"/>
        <source>The script starts when the environment check or the prediction ends.</source>
        <translation>脚本将在环境检查或预测结束后开始。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Profiling %1: %2 in %3</source>
        <translation>正在分析 %1：%2，位于 %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Profile a Python script</source>
        <translation>分析 Python 脚本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The script cannot start: %1</source>
        <translation>脚本无法启动：%1</translation>
    </message>
</context>
<context>
    <name>es::ui::MemoryChart</name>
    <message>
        <location filename="../ui/plots/memorychart.cpp" line="+40"/>
        <source>Tensor memory per step</source>
        <translation>每步张量内存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MB</source>
        <translation>MB</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Peak in %1</source>
        <translation>%1峰值</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Held at the step&apos;s end</source>
        <translation>步结束时占用</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>Step %1 (epoch %2, batch %3)
No tensor memory recorded</source>
        <translation>第 %1 步（第 %2 轮，第 %3 批）
未记录张量内存</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Step %1 (epoch %2, batch %3)
Held at its end: %4 MB, %5 allocations</source>
        <translation>第 %1 步（第 %2 轮，第 %3 批）
结束时占用：%4 MB，分配 %5 次</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: peak %2 MB, %3 MB at its end</source>
        <translation>%1：峰值 %2 MB，结束时 %3 MB</translation>
    </message>
</context>
<context>
    <name>es::ui::ModelForm</name>
    <message>
        <location filename="../ui/setup/modelform.cpp" line="+39"/>
        <source>Embedding</source>
        <translation>Embedding 嵌入层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LSTM</source>
        <translation>LSTM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GRU</source>
        <translation>GRU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bidirectional</source>
        <translation>Bidirectional 双向层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dropout</source>
        <translation>Dropout 丢弃层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dense</source>
        <translation>Dense 全连接层</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>from the data</source>
        <translation>取自数据</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One sample&apos;s shape as keras.Input(shape=...) takes it: timesteps, features for float data; timesteps for token ids.</source>
        <translation>单个样本的形状，写法同 keras.Input(shape=...)：浮点数据为 timesteps, features；词元 id 为 timesteps。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&amp;Add layer</source>
        <translation>添加层(&amp;A)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Remove</source>
        <comment>button: remove the selected layer</comment>
        <translation>删除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the selected layer (Delete)</source>
        <translation>删除选中的层（Delete）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up</source>
        <comment>button: move the layer up</comment>
        <translation>上移</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the selected layer up (Ctrl+Up)</source>
        <translation>上移选中的层（Ctrl+Up）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Down</source>
        <comment>button: move the layer down</comment>
        <translation>下移</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the selected layer down (Ctrl+Down)</source>
        <translation>下移选中的层（Ctrl+Down）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&amp;Input shape:</source>
        <translation>输入形状(&amp;I)：</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>%1 parameters · %2 per training batch of %3 · input (%4)</source>
        <translation>%1 个参数 · 每个大小为 %3 的训练批次 %2 · 输入 (%4)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Parameters unknown: %1</source>
        <translation>参数未知：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Parameters and FLOPs appear once the input shape is known: set it above or choose the data files.</source>
        <translation>知道输入形状后才会显示参数和 FLOP 数：请在上方设置，或选择数据文件。</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>es::ui::NpyPage</name>
    <message>
        <location filename="../ui/setup/npypage.cpp" line="+15"/>
        <source>NumPy arrays (*.npy)</source>
        <translation>NumPy 数组 (*.npy)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Inputs: (samples, timesteps, features) float features, or (samples, timesteps) integer token ids when the first layer is an embedding. A relative path is relative to the config file&apos;s folder.</source>
        <translation>输入：形状为 (samples, timesteps, features) 的浮点特征；第一层是嵌入层时为 (samples, timesteps) 的整数词元 id。相对路径相对于配置文件所在的文件夹。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Targets: one value per sample of x, shaped (samples,) or (samples, 1).</source>
        <translation>目标：x 的每个样本对应一个值，形状为 (samples,) 或 (samples, 1)。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Optional: a validation set, x and y both or neither. When given, the validation split is ignored.</source>
        <translation>可选：验证集，x 和 y 要么都给，要么都不给。给出时忽略验证集划分比例。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+1"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;x (inputs):</source>
        <translation>&amp;x（输入）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the inputs (x)</source>
        <translation>选择输入 (x)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;y (targets):</source>
        <translation>&amp;y（目标）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the targets (y)</source>
        <translation>选择目标 (y)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>x va&amp;lidation:</source>
        <translation>x 验证集(&amp;L)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the validation inputs (x_val)</source>
        <translation>选择验证输入 (x_val)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>y valid&amp;ation:</source>
        <translation>y 验证集(&amp;A)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the validation targets (y_val)</source>
        <translation>选择验证目标 (y_val)</translation>
    </message>
</context>
<context>
    <name>es::ui::NpzPage</name>
    <message>
        <location filename="../ui/setup/npzpage.cpp" line="+19"/>
        <source>An archive written by np.savez or np.savez_compressed. A relative path is relative to the config file&apos;s folder.</source>
        <translation>由 np.savez 或 np.savez_compressed 写出的归档。相对路径相对于配置文件所在的文件夹。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>x_val, else x_test, if present</source>
        <translation>x_val，没有则用 x_test（如果存在）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>y_val, else y_test, if present</source>
        <translation>y_val，没有则用 y_test（如果存在）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Archive:</source>
        <translation>归档(&amp;A)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the archive</source>
        <translation>选择归档</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>NumPy archives (*.npz)</source>
        <translation>NumPy 归档 (*.npz)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;x array:</source>
        <translation>&amp;x 数组：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;y array:</source>
        <translation>&amp;y 数组：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>x va&amp;lidation array:</source>
        <translation>x 验证数组(&amp;L)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>y validati&amp;on array:</source>
        <translation>y 验证数组(&amp;O)：</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>default: %1</source>
        <translation>默认：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The array&apos;s name in the archive (with or without .npy). Empty picks %1.</source>
        <translation>数组在归档中的名称（可带或不带 .npy）。留空则选 %1。</translation>
    </message>
</context>
<context>
    <name>es::ui::PastExperimentsBox</name>
    <message>
        <location filename="../ui/whatif/pastexperiments.cpp" line="+32"/>
        <source>Past experiments...</source>
        <translation>以往的实验...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Experiments in the run database, the CLI&apos;s too: choose one to show it</source>
        <translation>运行数据库中的实验（包括 CLI 运行的）：选择一个即可显示</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>#%1  %2  %3 (%n run(s))</source>
        <translation>
            <numerusform>#%1  %2  %3（%n 次运行）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Past experiments: cannot read the run database</source>
        <translation>以往的实验：无法读取运行数据库</translation>
    </message>
</context>
<context>
    <name>es::ui::PredictJob</name>
    <message>
        <location filename="../ui/predict/predictjob.cpp" line="+37"/>
        <source>X file</source>
        <translation>X 文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Y file</source>
        <translation>Y 文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
</context>
<context>
    <name>es::ui::PredictPanel</name>
    <message>
        <location filename="../ui/predict/predictpanel.cpp" line="+95"/>
        <source>Waiting for the run to end: predicting now would take its cores and slow its steps.</source>
        <translation>正在等待运行结束：此时预测会占用它的 CPU 核心并拖慢它的训练步。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Loading the data and the model...</source>
        <translation>正在载入数据和模型...</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+118"/>
        <source>Predicting...</source>
        <translation>正在预测...</translation>
    </message>
    <message>
        <location line="-89"/>
        <source>A prediction is running: stop it to choose another run.</source>
        <translation>预测正在进行：请先停止它，再选择其他运行。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Run %1 is still training: predict with it when it has ended.</source>
        <translation>运行 %1 仍在训练：请在它结束后再用它做预测。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run %1 has no model checkpoint to predict with.</source>
        <translation>运行 %1 没有可用于预测的模型检查点。</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Choose a run with a model checkpoint to predict with.</source>
        <translation>请选择一个保存了模型检查点的运行来做预测。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose the inputs (X), or predict on the run&apos;s validation data.</source>
        <translation>请选择输入（X），或在该运行的验证数据上做预测。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Starting...</source>
        <translation>正在启动...</translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>Predicted %n sample(s) in %1 s.</source>
        <translation>
            <numerusform>已预测 %n 个样本，用时 %1 秒。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+2"/>
        <location line="+8"/>
        <source>Predict: %1</source>
        <translation>预测：%1</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Failed: the reason is above the results.</source>
        <translation>失败：原因显示在结果上方。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Stopped: nothing predicted is shown.</source>
        <translation>已停止：不显示任何预测结果。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Run #%1 %2, checkpoint %3.</source>
        <translation>运行 #%1 %2，检查点 %3。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run #%1 %2, checkpoint %3 (%4).</source>
        <translation>运行 #%1 %2，检查点 %3（%4）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Data: %1.</source>
        <translation>数据：%1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, %2 backend</source>
        <translation>%1，%2 后端</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n sample(s) on %1 in %2 batch(es) of %3.</source>
        <translation>
            <numerusform>在 %1 上预测了 %n 个样本，共 %2 个批次，批大小 %3。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+20"/>
        <source>There are no predictions to save: press Predict first.</source>
        <translation>没有可保存的预测结果：请先按“预测”。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot save the predictions to %1: name a .npy or .csv file.</source>
        <translation>无法把预测结果保存到 %1：请指定 .npy 或 .csv 文件。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot save the predictions: %1</source>
        <translation>无法保存预测结果：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+2"/>
        <source>Predictions saved to %1</source>
        <translation>预测结果已保存到 %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>NumPy array (*.npy)</source>
        <translation>NumPy 数组 (*.npy)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV table (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save predictions</source>
        <translation>保存预测结果</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Exported for PyTorch to %1</source>
        <translation>已导出为 PyTorch 模型，位于 %1</translation>
    </message>
</context>
<context>
    <name>es::ui::PredictSetup</name>
    <message>
        <location filename="../ui/predict/predictsetup.cpp" line="+57"/>
        <source>The run&apos;s validation data</source>
        <translation>该运行的验证数据</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Predict</source>
        <comment>button: run the model on the data</comment>
        <translation>预测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save predictions...</source>
        <translation>保存预测结果...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export for PyTorch...</source>
        <translation>导出为 PyTorch 模型...</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Recorded runs that saved a model checkpoint (model_checkpoint in Run setup &gt; Callbacks), newest first</source>
        <translation>保存了模型检查点的已记录运行（即“运行设置 &gt; 回调”中的 model_checkpoint），最新的在前</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The samples the run validated on: its x_val and y_val, or the validation_split taken from the end of its data (generated again for synthetic data), with their targets</source>
        <translation>该运行用于验证的样本及其目标值：它的 x_val 和 y_val，或按 validation_split 从其数据末尾截取的部分（合成数据会重新生成）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>x.npy, data.npz:x_test or a CSV file</source>
        <translation>x.npy、data.npz:x_test 或 CSV 文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>optional: y.npy or data.npz:y_test</source>
        <translation>可选：y.npy 或 data.npz:y_test</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The inputs: a .npy file, an .npz member (archive.npz:NAME) or, for a run on a CSV source, a CSV file cut into windows as the run&apos;s config says. Drop files on the view to fill this.</source>
        <translation>输入：.npy 文件、.npz 成员（archive.npz:NAME），或者（对于使用 CSV 数据源的运行）按该运行的配置切分为窗口的 CSV 文件。把文件拖放到视图上即可填入此处。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The targets to score the predictions against (.npy or an .npz member); without them only the predictions are shown.</source>
        <translation>用来给预测结果评分的目标值（.npy 或 .npz 成员）；没有目标值时只显示预测结果。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>X:</source>
        <translation>X：</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Y:</source>
        <translation>Y：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Samples per forward pass; the lowest value takes the run config&apos;s batch_size. Larger batches are faster and take more memory.</source>
        <translation>每次前向计算的样本数；取最小值时使用运行配置中的 batch_size。批次越大速度越快，占用的内存也越多。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Run the model on the data (Ctrl+Return)</source>
        <translation>在数据上运行模型（Ctrl+Return）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop after the current batch; nothing predicted is shown</source>
        <translation>在当前批次之后停止；不显示任何预测结果</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save the predictions as a NumPy array (.npy) or a CSV table</source>
        <translation>把预测结果保存为 NumPy 数组（.npy）或 CSV 表格</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Write the chosen checkpoint as a PyTorch model (model.py and weights.pt)</source>
        <translation>把所选检查点写成 PyTorch 模型（model.py 和 weights.pt）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run:</source>
        <comment>the recorded training run</comment>
        <translation>运行：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint:</source>
        <translation>检查点：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Data:</source>
        <translation>数据：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Batch size:</source>
        <translation>批大小：</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Targets to score against</source>
        <translation>用于评分的目标值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Inputs to predict</source>
        <translation>要预测的输入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NumPy arrays (*.npy *.npz);;All files (*)</source>
        <translation>NumPy 数组 (*.npy *.npz);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Arrays and tables (*.npy *.npz *.csv *.tsv *.txt);;All files (*)</source>
        <translation>数组和表格 (*.npy *.npz *.csv *.tsv *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>#%1 %2</source>
        <translation>#%1 %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No recorded run has a model checkpoint yet: add model_checkpoint in Run setup &gt; Callbacks and train.</source>
        <translation>还没有保存了模型检查点的已记录运行：请在“运行设置 &gt; 回调”中添加 model_checkpoint，然后训练。</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>config</source>
        <comment>batch size: the run config&apos;s</comment>
        <translation>按配置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>config (%1)</source>
        <comment>batch size: the run config&apos;s</comment>
        <translation>按配置（%1）</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>batch %1 of %2</source>
        <translation>第 %1/%2 个批次</translation>
    </message>
</context>
<context>
    <name>es::ui::PredictedSeriesChart</name>
    <message>
        <location filename="../ui/predict/predictedserieschart.cpp" line="+50"/>
        <source>sample</source>
        <translation>样本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>actual</source>
        <translation>实际值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>predicted</source>
        <translation>预测值</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Predicted values</source>
        <translation>预测值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Predicted and actual values</source>
        <translation>预测值与实际值</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>sample %1: predicted %2</source>
        <translation>样本 %1：预测 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sample %1: predicted %2, actual %3</source>
        <translation>样本 %1：预测 %2，实际 %3</translation>
    </message>
</context>
<context>
    <name>es::ui::PredictionMetricsTable</name>
    <message>
        <location filename="../ui/predict/predictionmetricstable.cpp" line="+38"/>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>at the threshold %1</source>
        <translation>阈值为 %1 时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The config&apos;s loss with its L2 penalties, as Keras&apos; evaluate reports it</source>
        <translation>配置中的损失（含 L2 惩罚项），与 Keras 的 evaluate 报告的一致</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>true positives</source>
        <translation>真阳性</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>false positives</source>
        <translation>假阳性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>true negatives</source>
        <translation>真阴性</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>false negatives</source>
        <translation>假阴性</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>n/a</source>
        <comment>a metric that is not defined</comment>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>es::ui::PredictionResultView</name>
    <message>
        <location filename="../ui/predict/predictionresultview.cpp" line="+112"/>
        <source>The model&apos;s output the charts show</source>
        <translation>图表所显示的模型输出</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Output:</source>
        <translation>输出：</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>A sample is predicted positive when its probability is above the threshold: the metrics, the confusion matrix and the mark on the ROC curve follow it</source>
        <translation>样本的概率高于阈值时即预测为阳性：指标、混淆矩阵和 ROC 曲线上的标记都随阈值而变</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Threshold:</source>
        <translation>阈值：</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Choose a run and its data, then press Predict: the predictions, their metrics and charts appear here.</source>
        <translation>选择一个运行及其数据，然后按“预测”：预测结果及其指标和图表会显示在这里。</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>The model outputs a sequence per sample (shape %1): there is no chart for that here, but the predictions can be saved.</source>
        <translation>模型为每个样本输出一个序列（形状 %1）：这里没有相应的图表，但可以保存预测结果。</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+19"/>
        <source>Confusion matrix</source>
        <translation>混淆矩阵</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>ROC curve</source>
        <translation>ROC 曲线</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Over samples</source>
        <translation>逐样本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Predicted vs actual</source>
        <translation>预测值与实际值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Residuals</source>
        <translation>残差</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No targets: give a Y file (or predict on the run&apos;s validation data) to score the predictions and compare them with the actual values.</source>
        <translation>没有目标值：请给出 Y 文件（或在该运行的验证数据上做预测），以便给预测结果评分并与实际值比较。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>output %1</source>
        <translation>输出 %1</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>%1 classes are too many to draw as a confusion matrix: save the predictions to look at them elsewhere.</source>
        <translation>%1 个类别太多，无法绘制成混淆矩阵：请保存预测结果，在别处查看。</translation>
    </message>
</context>
<context>
    <name>es::ui::PredictionScatterChart</name>
    <message>
        <location filename="../ui/predict/predictionscatterchart.cpp" line="+43"/>
        <source>Predicted against actual (dashed: predicted = actual)</source>
        <translation>预测值对实际值（虚线：预测值 = 实际值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>actual</source>
        <translation>实际值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>predicted</source>
        <translation>预测值</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>samples</source>
        <translation>样本</translation>
    </message>
    <message>
        <location line="+105"/>
        <source>sample %1: predicted %2, actual %3</source>
        <translation>样本 %1：预测 %2，实际 %3</translation>
    </message>
</context>
<context>
    <name>es::ui::ProfileScriptDialog</name>
    <message>
        <location filename="../ui/script/profilescriptdialog.cpp" line="+40"/>
        <source>Profile a Python script</source>
        <translation>分析 Python 脚本</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Runs your PyTorch training script unchanged under EpochScope&apos;s probe, which times each step by phase, and records it as a run: the dashboard draws it live, and its output goes to the Log. Stop interrupts it as Ctrl+C does, then ends it.</source>
        <translation>在 EpochScope 的探针下原样运行你的 PyTorch 训练脚本，探针按阶段为每一步计时，并将其记录为一次运行：仪表板实时绘制它，其输出进入日志。停止会像 Ctrl+C 一样中断它，然后结束它。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The Python that runs the script, with the script&apos;s PyTorch: python3, or the path of one (a virtual environment&apos;s bin/python)</source>
        <translation>运行脚本的 Python（带有脚本所用的 PyTorch）：python3，或其路径（虚拟环境的 bin/python）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The script&apos;s arguments, split at blanks; double quotes keep blanks in one argument (&quot;my data&quot;)</source>
        <translation>脚本的参数，按空白分隔；双引号可把空白保留在同一个参数中（&quot;my data&quot;）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Where the script runs; empty: the script&apos;s folder</source>
        <translation>脚本运行的位置；留空：脚本所在文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run&apos;s name in Runs; empty: the script&apos;s file name</source>
        <translation>运行在“运行”列表中的名称；留空：脚本的文件名</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Interpreter:</source>
        <translation>解释器(&amp;I)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>Choose the Python interpreter</source>
        <translation>选择 Python 解释器</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Script:</source>
        <translation>脚本(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <source>Choose the Python script</source>
        <translation>选择 Python 脚本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Python 脚本 (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Arguments:</source>
        <translation>参数(&amp;A)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Working folder:</source>
        <translation>工作文件夹(&amp;W)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+3"/>
        <source>Choose the working folder</source>
        <translation>选择工作文件夹</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run &amp;name:</source>
        <translation>运行名称(&amp;N)：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Runs:</source>
        <translation>运行：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Start</source>
        <comment>button: start profiling</comment>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>the script&apos;s folder</source>
        <translation>脚本所在文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the script&apos;s file name</source>
        <translation>脚本的文件名</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>SCRIPT</source>
        <translation>SCRIPT</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1
in %2</source>
        <translation>%1
位于 %2</translation>
    </message>
</context>
<context>
    <name>es::ui::PyTorchExportDialog</name>
    <message>
        <location filename="../ui/predict/pytorchexportdialog.cpp" line="+68"/>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2</source>
        <comment>field: problem</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>C&amp;hoose...</source>
        <translation>选择(&amp;H)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Replace the folder&apos;s contents</source>
        <translation>替换文件夹中的内容(&amp;R)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Show folder</source>
        <translation>显示文件夹(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export run %1 for PyTorch</source>
        <translation>把运行 %1 导出为 PyTorch 模型</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Export run %1 (%2) for PyTorch</source>
        <translation>把运行 %1（%2）导出为 PyTorch 模型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Writes the model as a PyTorch module (model.py), its weights (weights.pt) and how to load them (README.txt) into a folder, for use without EpochScope.</source>
        <translation>把模型作为 PyTorch 模块（model.py），连同其权重（weights.pt）和加载方法（README.txt）写入一个文件夹，无需 EpochScope 即可使用。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Choose the folder to export into</source>
        <translation>选择要导出到的文件夹</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Without it, a folder that is not empty is left as it is and the export refused</source>
        <translation>不勾选时，非空文件夹保持原样，导出会被拒绝</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Chec&amp;kpoint:</source>
        <translation>检查点(&amp;K)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Folder:</source>
        <translation>文件夹(&amp;F)：</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The exported files and how to load them are listed here.</source>
        <translation>导出的文件及其加载方法会列在这里。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Write model.py, weights.pt and README.txt into the folder</source>
        <translation>把 model.py、weights.pt 和 README.txt 写入该文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open the exported folder in the file manager</source>
        <translation>在文件管理器中打开导出的文件夹</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>Export for PyTorch into</source>
        <translation>把 PyTorch 模型导出到</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Choose a checkpoint to export.</source>
        <translation>请选择要导出的检查点。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Name a folder to export into.</source>
        <translation>请指定要导出到的文件夹。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Exporting %1 into %2...</source>
        <translation>正在把 %1 导出到 %2...</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>To replace what is in it, check &quot;Replace the folder&apos;s contents&quot;.</source>
        <translation>如要替换其中的内容，请勾选“替换文件夹中的内容”。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run %1 was not exported for PyTorch: %2</source>
        <translation>运行 %1 未导出为 PyTorch 模型：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Exported %1 (%2, %L3 parameters).</source>
        <translation>已导出 %1（%2，%L3 个参数）。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>From README.txt:</source>
        <translation>摘自 README.txt：</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>No file manager here opens %1.</source>
        <translation>此系统上没有能打开 %1 的文件管理器。</translation>
    </message>
</context>
<context>
    <name>es::ui::RankStepChart</name>
    <message>
        <location filename="../ui/plots/rankstepchart.cpp" line="+40"/>
        <source>Busy time per step by rank</source>
        <translation>各进程每步的忙碌时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ms per step, without communication</source>
        <translation>每步毫秒数（不含通信）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>rank %1</source>
        <comment>a process of a distributed run</comment>
        <translation>进程 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rank %1 (%2)</source>
        <comment>a process of a distributed run, then its host</comment>
        <translation>进程 %1（%2）</translation>
    </message>
    <message>
        <location line="+127"/>
        <source>Step %1 (epoch %2, batch %3)</source>
        <translation>第 %1 步（第 %2 轮，第 %3 批）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: not received yet (ranks send their steps at each epoch&apos;s end)</source>
        <translation>%1：尚未收到（各进程在每轮结束时发送其步）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: busy %2 ms, communication %3 ms</source>
        <translation>%1：忙碌 %2 ms，通信 %3 ms</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Drawn as the mean of %1 consecutive steps</source>
        <translation>按连续 %1 步的平均值绘制</translation>
    </message>
</context>
<context>
    <name>es::ui::ReportComparer</name>
    <message>
        <location filename="../ui/reports/reportcomparer.cpp" line="+32"/>
        <source>Run %1 is no longer in the history.</source>
        <translation>运行 %1 已不在历史记录中。</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Cannot compare the runs: %1</source>
        <translation>无法比较这些运行：%1</translation>
    </message>
</context>
<context>
    <name>es::ui::ReportExportDialog</name>
    <message>
        <location filename="../ui/reports/reportexportdialog.cpp" line="+55"/>
        <source>HTML</source>
        <translation>HTML</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF</source>
        <translation>PDF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>&amp;Save...</source>
        <translation>保存(&amp;S)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Compare runs %1</source>
        <translation>比较运行 %1</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>The report&apos;s preview appears here.</source>
        <translation>报告预览显示在这里。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Links out of the report are not opened from the preview: %1</source>
        <translation>预览中不会打开指向报告外部的链接：%1</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The language the report is written in</source>
        <translation>报告所用的语言</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Language:</source>
        <comment>label: the report&apos;s language</comment>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Save the report in the chosen format (Ctrl+S)</source>
        <translation>以所选格式保存报告（Ctrl+S）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open the saved report with the desktop&apos;s application for it</source>
        <translation>用桌面上关联的应用程序打开已保存的报告</translation>
    </message>
    <message>
        <location line="-96"/>
        <source>A comparison needs at least two runs.</source>
        <translation>比较至少需要两个运行。</translation>
    </message>
    <message>
        <location line="-83"/>
        <source>HTML report</source>
        <translation>HTML 报告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF report</source>
        <translation>PDF 报告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Markdown report</source>
        <translation>Markdown 报告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV table</source>
        <translation>CSV 表格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSON document</source>
        <translation>JSON 文档</translation>
    </message>
    <message>
        <location line="+252"/>
        <source>Comparing with run %1 as the baseline...</source>
        <translation>正在以运行 %1 为基线进行比较...</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Reading and comparing %n run(s)...</source>
        <translation>
            <numerusform>正在读取并比较 %n 个运行...</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Waiting for the training run to end before comparing: drawing the report beside it would slow its steps.</source>
        <translation>等待训练运行结束后再比较：在训练的同时绘制报告会拖慢它的步。</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>The comparison is not ready yet.</source>
        <translation>比较尚未完成。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Cannot make the %1 report: %2</source>
        <translation>无法生成 %1 报告：%2</translation>
    </message>
    <message>
        <location line="+24"/>
        <location line="+9"/>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Saved %1 (%2, %3).</source>
        <translation>已保存 %1（%2，%3）。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Save comparison report</source>
        <translation>保存比较报告</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No application here opens %1.</source>
        <translation>本机没有能打开 %1 的应用程序。</translation>
    </message>
</context>
<context>
    <name>es::ui::ReportRunOrder</name>
    <message>
        <location filename="../ui/reports/reportrunorder.cpp" line="+30"/>
        <source>Make &amp;baseline</source>
        <translation>设为基线(&amp;B)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Up</source>
        <comment>button: move the run up</comment>
        <translation>上移(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Do&amp;wn</source>
        <comment>button: move the run down</comment>
        <translation>下移(&amp;W)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The first run is the baseline (A); every other run is compared with it.</source>
        <translation>第一个运行是基线 (A)；其他所有运行都与它比较。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compare the other runs with the selected one</source>
        <translation>把其他运行与选中的运行比较</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the selected run up (Ctrl+Up)</source>
        <translation>上移选中的运行（Ctrl+Up）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move the selected run down (Ctrl+Down)</source>
        <translation>下移选中的运行（Ctrl+Down）</translation>
    </message>
    <message>
        <location line="+83"/>
        <source>%1   %2 (run %3)</source>
        <translation>%1   %2（运行 %3）</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Run %1: %2, started %3, %n step(s)</source>
        <translation>
            <numerusform>运行 %1：%2，开始于 %3，%n 步</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1   run %2</source>
        <translation>%1   运行 %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> - baseline</source>
        <translation> - 基线</translation>
    </message>
</context>
<context>
    <name>es::ui::ResidualHistogramChart</name>
    <message>
        <location filename="../ui/predict/residualhistogramchart.cpp" line="+29"/>
        <source>residual (predicted − actual)</source>
        <translation>残差（预测值 − 实际值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+4"/>
        <source>samples</source>
        <translation>样本</translation>
    </message>
    <message numerus="yes">
        <location line="+32"/>
        <source>Residuals of %n sample(s)</source>
        <translation>
            <numerusform>%n 个样本的残差</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>(%n not finite, left out)</source>
        <translation>
            <numerusform>（%n 个非有限值，已略去）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+49"/>
        <source>%1 to %2: %n sample(s)</source>
        <translation>
            <numerusform>%1 到 %2：%n 个样本</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>es::ui::RocChart</name>
    <message>
        <location filename="../ui/predict/rocchart.cpp" line="+35"/>
        <source>ROC curve</source>
        <translation>ROC 曲线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>false positive rate</source>
        <translation>假阳性率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>true positive rate</source>
        <translation>真阳性率</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>chance</source>
        <translation>随机猜测</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>No ROC curve:
the targets hold one class only,
so the rates are not defined.</source>
        <translation>没有 ROC 曲线：
目标值只有一个类别，
因此这些比率没有定义。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ROC curve (AUC %1)</source>
        <translation>ROC 曲线（AUC %1）</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>threshold %1 (FPR %2, TPR %3)</source>
        <translation>阈值 %1（FPR %2，TPR %3）</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>false positive rate %1, true positive rate %2</source>
        <translation>假阳性率 %1，真阳性率 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>threshold above every score: %1</source>
        <translation>阈值高于所有分数：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>threshold %1: %2</source>
        <translation>阈值 %1：%2</translation>
    </message>
</context>
<context>
    <name>es::ui::RunChart</name>
    <message>
        <location filename="../ui/plots/runchart.cpp" line="+297"/>
        <location line="+7"/>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export as PNG…</source>
        <translation>导出为 PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export as PDF…</source>
        <translation>导出为 PDF…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Follow live</source>
        <translation>跟随实时数据</translation>
    </message>
</context>
<context>
    <name>es::ui::RunController</name>
    <message>
        <location filename="../ui/live/runcontroller.cpp" line="+41"/>
        <location line="+66"/>
        <source>A run is already in progress.</source>
        <translation>已有运行正在进行。</translation>
    </message>
    <message>
        <location line="-41"/>
        <source>Rank %1 does not record the run: rank 0 does.</source>
        <translation>进程 %1 不记录此运行：由进程 0 记录。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not recording this run: %1</source>
        <translation>不记录此运行：%1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Starting ranks 1 to %1 of %2 on this machine with %3.</source>
        <translation>正在用 %3 在本机启动全部 %2 个进程中的进程 1 到 %1。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The run database %1 cannot take the run: %2</source>
        <translation>运行数据库 %1 无法接收该运行：%2</translation>
    </message>
    <message>
        <location line="+119"/>
        <source>The run database missed part of this run: %1</source>
        <translation>运行数据库漏记了此运行的一部分：%1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>the run database failed while the script ran (see the Log)</source>
        <translation>脚本运行期间运行数据库出错（见日志）</translation>
    </message>
</context>
<context>
    <name>es::ui::RunStatusBar</name>
    <message>
        <location filename="../ui/status/runstatusbar.cpp" line="+33"/>
        <source>Idle</source>
        <comment>run state</comment>
        <translation>空闲</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Running</source>
        <comment>run state</comment>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paused</source>
        <comment>run state</comment>
        <translation>已暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopping</source>
        <comment>run state</comment>
        <translation>正在停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Finished</source>
        <comment>run state</comment>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stopped</source>
        <comment>run state</comment>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed</source>
        <comment>run state</comment>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>host clocks</source>
        <comment>how phase times are taken</comment>
        <translation>主机时钟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CUDA events on the current stream (no added synchronisation)</source>
        <translation>当前流上的 CUDA 事件（不额外同步）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>precise: the device is synchronised at each phase end (host clocks)</source>
        <translation>精确：每个阶段结束时同步设备（主机时钟）</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>Epoch %1/%2, step %3/%4</source>
        <translation>第 %1/%2 轮，第 %3/%4 步</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Epoch %1, step %2</source>
        <translation>第 %1 轮，第 %2 步</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>steady %1 ms/step</source>
        <translation>稳态 %1 毫秒/步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ETA %1</source>
        <translation>预计剩余 %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>tensor peak %1 MB</source>
        <translation>张量峰值 %1 MB</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The most memory the run&apos;s CPU tensors held at once: in step %1, during %2. Tensor memory per step is in the memory chart.</source>
        <translation>本次运行的 CPU 张量同时占用的最多内存：在第 %1 步的%2阶段。每步张量内存见内存图表。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 samples/s</source>
        <translation>%1 样本/秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 - %2</source>
        <translation>%1 - %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>LSTM backend: %1 (%2)
Denormals flushed to zero: %3 (%4)</source>
        <translation>LSTM 后端：%1（%2）
非规格化数清零：%3（%4）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>phases as recorded</source>
        <translation>按记录的阶段</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>profiler: %1, %n system sample(s)</source>
        <translation>
            <numerusform>性能分析：%1，%n 次系统采样</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>How phase times are taken (host clocks, CUDA events, or synchronised precise timing) and how many CPU, memory and GPU readings the sampler has made.</source>
        <translation>阶段耗时的测量方式（主机时钟、CUDA 事件或同步的精确计时），以及采样器已读取 CPU、内存和 GPU 数据的次数。</translation>
    </message>
</context>
<context>
    <name>es::ui::RunWritesQuestion</name>
    <message>
        <location filename="../ui/live/runwritesquestion.cpp" line="+66"/>
        <source>Files this run would write</source>
        <translation>此运行将写的文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This config would write files where a config from someone else should not. Write them only if you trust the config.</source>
        <translation>此配置会把文件写到来自他人的配置不应写的地方。只有在你信任此配置时才写。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Write anyway</source>
        <translation>仍然写入</translation>
    </message>
</context>
<context>
    <name>es::ui::RunsModel</name>
    <message numerus="yes">
        <location filename="../ui/history/runsmodel.cpp" line="+74"/>
        <source>%n processes trained this run together</source>
        <translation>
            <numerusform>此运行由 %n 个进程共同训练</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One process trained this run</source>
        <translation>此运行由一个进程训练</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Started</source>
        <comment>column: when the run started</comment>
        <translation>开始时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Backend</source>
        <comment>column: the LSTM backend (libtorch, onednn)</comment>
        <translation>后端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ranks</source>
        <comment>column: processes that trained the run together</comment>
        <translation>进程数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Epochs</source>
        <comment>column: number of epochs trained</comment>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps</source>
        <comment>column: number of training steps</comment>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steady ms/step</source>
        <translation>稳态毫秒/步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
</context>
<context>
    <name>es::ui::RunsPanel</name>
    <message>
        <location filename="../ui/history/runspanel.cpp" line="+32"/>
        <source>Co&amp;mpare...</source>
        <translation>比较(&amp;M)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Predict...</source>
        <translation>预测(&amp;P)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xport for PyTorch...</source>
        <translation>导出为 PyTorch 模型(&amp;X)...</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Filter runs (name, device, status, ...)</source>
        <translation>筛选运行（名称、设备、状态等）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the selected run in the dashboard</source>
        <translation>在仪表板中显示选中的运行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Re&amp;name...</source>
        <translation>重命名(&amp;N)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Give the selected run a new name (F2)</source>
        <translation>给选中的运行改名（F2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Notes...</source>
        <translation>备注(&amp;N)...</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write notes on the selected run</source>
        <translation>为选中的运行写备注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the selected runs and all their records (Delete)</source>
        <translation>删除选中的运行及其全部记录（Delete）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compare the selected runs (two or more) in a report with a preview, and save it as HTML, PDF, Markdown, CSV or JSON (Ctrl+E)</source>
        <translation>在带预览的报告中比较选中的运行（两个或更多），并保存为 HTML、PDF、Markdown、CSV 或 JSON（Ctrl+E）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Compare...</source>
        <translation>比较...</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Predict with the selected run&apos;s trained model, from a checkpoint it saved (Ctrl+Shift+P)</source>
        <translation>用选中运行训练出的模型（取自它保存的某个检查点）做预测（Ctrl+Shift+P）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Write the selected run&apos;s trained model as a PyTorch module with its weights, for use without EpochScope</source>
        <translation>把选中运行训练出的模型连同其权重写成 PyTorch 模块，无需 EpochScope 即可使用</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Predict...</source>
        <translation>预测...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export for PyTorch...</source>
        <translation>导出为 PyTorch 模型...</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Choose another run database...</source>
        <translation>选择另一个运行数据库...</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Read-only run database: %1.
The history below is read from the file as it is. Choose another run database (File &gt; Run database...), or make the file and its folder writable.</source>
        <translation>只读的运行数据库：%1。
下面的历史按文件现状读取。请另选一个运行数据库（文件 &gt; 运行数据库...），或让该文件及其文件夹可写。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The run history cannot be shown, and runs are not recorded: %1
EpochScope does not change or replace this file. Choose another run database (File &gt; Run database...) to record and browse runs; the file stays as it is for you to update EpochScope, restore or move it.</source>
        <translation>无法显示运行记录，也不会记录新的运行：%1
EpochScope 不会修改或替换这个文件。请选择另一个运行数据库（文件 &gt; 运行数据库...）来记录和浏览运行；该文件保持原样，供你升级 EpochScope、恢复或移走它。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The run database cannot be written: %1</source>
        <translation>无法写入运行数据库：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Runs cannot be changed: %1</source>
        <translation>无法更改运行：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This run is not recorded: %1
Choose another run database (File &gt; Run database...) to record the next one.</source>
        <translation>此运行未被记录：%1
请另选一个运行数据库（文件 &gt; 运行数据库...）以记录下一次运行。</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Delete run %1 and all its records? This cannot be undone.</source>
        <translation>要删除运行 %1 及其所有记录吗？此操作无法撤销。</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Delete %n runs (%1) and all their records? This cannot be undone.</source>
        <translation>
            <numerusform>要删除 %n 个运行（%1）及其所有记录吗？此操作无法撤销。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete run</source>
        <translation>删除运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Delete runs</source>
        <translation>删除运行</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot delete run %1: %2</source>
        <translation>无法删除运行 %1：%2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Run notes</source>
        <translation>运行备注</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Notes for run %1:</source>
        <translation>运行 %1 的备注：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot save the notes of run %1: %2</source>
        <translation>无法保存运行 %1 的备注：%2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Rename run</source>
        <translation>重命名运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>New name for run %1:</source>
        <translation>运行 %1 的新名称：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Run %1 keeps its name: a run needs a name that is not empty.</source>
        <translation>运行 %1 保留原名：运行名称不能为空。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot rename run %1: it is no longer in the history.</source>
        <translation>无法重命名运行 %1：它已不在历史记录中。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot rename run %1: %2</source>
        <translation>无法重命名运行 %1：%2</translation>
    </message>
</context>
<context>
    <name>es::ui::SettingsDialog</name>
    <message>
        <location filename="../ui/settings/settingsdialog.cpp" line="+35"/>
        <source>The language changes when EpochScope is started again.</source>
        <translation>语言将在重新启动 EpochScope 后更改。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Browse...</source>
        <translation>浏览(&amp;B)...</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run database</source>
        <translation>运行数据库</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run databases (*.sqlite)</source>
        <translation>运行数据库 (*.sqlite)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source> steps</source>
        <translation> 步</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How often CPU, memory and GPU use are sampled in runs of a preset; a config file keeps its own setting.</source>
        <translation>预设运行中 CPU、内存和 GPU 使用情况的采样间隔；配置文件保留其自身的设置。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Run &amp;database:</source>
        <translation>运行数据库(&amp;D)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live step charts &amp;follow the last:</source>
        <translation>实时步图表跟随最近(&amp;F)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Sample system use every:</source>
        <translation>系统使用情况采样间隔(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
</context>
<context>
    <name>es::ui::StepChart</name>
    <message>
        <location filename="../ui/plots/stepchart.cpp" line="+13"/>
        <source>Step</source>
        <comment>axis: training step number</comment>
        <translation>步</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1: %2</source>
        <comment>chart title: the chart&apos;s name, then the rank it shows</comment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>es::ui::SyntheticRegressionPage</name>
    <message>
        <location filename="../ui/setup/syntheticregressionpage.cpp" line="+41"/>
        <source>none (real-valued targets)</source>
        <translation>无（实数目标）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>N: the number of generated sequences.</source>
        <translation>N：生成的序列数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>T: time steps per sequence.</source>
        <translation>T：每个序列的时间步数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>F: values per time step.</source>
        <translation>F：每个时间步的值个数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Standard deviation of the noise added to the targets.</source>
        <translation>加到目标值上的噪声的标准差。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>None: each sequence&apos;s target is a real number (mse, mae). 2 or more: the target is the class of that number among equally likely ranges, for sparse_categorical_crossentropy on a softmax with one unit per class.</source>
        <translation>无：每个序列的目标是一个实数（mse、mae）。2 或更多：目标是该实数所落入的等概率区间对应的类别，用于 sparse_categorical_crossentropy，配合每个类别一个单元的 softmax。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Sa&amp;mples:</source>
        <translation>样本数(&amp;M)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Timesteps:</source>
        <translation>时间步数(&amp;T)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>F&amp;eatures:</source>
        <translation>特征数(&amp;E)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Noise:</source>
        <translation>噪声(&amp;N)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C&amp;lasses:</source>
        <translation>类别数(&amp;L)：</translation>
    </message>
</context>
<context>
    <name>es::ui::SyntheticTokensPage</name>
    <message>
        <location filename="../ui/setup/synthetictokenspage.cpp" line="+38"/>
        <source>N: the number of generated reviews.</source>
        <translation>N：生成的评论数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>T: tokens per review; shorter reviews are padded with id 0.</source>
        <translation>T：每条评论的词元数；较短的评论用 id 0 填充。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Distinct token ids, at least 4 (and the classes + 2). The embedding&apos;s input_dim must be at least this large.</source>
        <translation>不同词元 id 的个数，至少为 4（且不少于类别数 + 2）。嵌入层的 input_dim 必须不小于此值。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>2: each review is labelled 0 or 1 (binary_crossentropy on one sigmoid unit). More: a class id per review, for sparse_categorical_crossentropy on a softmax with one unit per class.</source>
        <translation>2：每条评论标注为 0 或 1（binary_crossentropy，配合一个 sigmoid 单元）。更多：每条评论一个类别 id，用于 sparse_categorical_crossentropy，配合每个类别一个单元的 softmax。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Where a short review&apos;s padding goes. &quot;pre&quot; (Keras&apos; pad_sequences default) keeps a mask_zero model off the fused LSTM kernel; &quot;post&quot; lets it stay on it.</source>
        <translation>较短评论的填充位置。&quot;pre&quot;（Keras pad_sequences 的默认值）会使 mask_zero 模型无法使用融合 LSTM 内核；&quot;post&quot; 则可以继续使用。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sa&amp;mples:</source>
        <translation>样本数(&amp;M)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Timesteps:</source>
        <translation>时间步数(&amp;T)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>V&amp;ocabulary size:</source>
        <translation>词表大小(&amp;O)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C&amp;lasses:</source>
        <translation>类别数(&amp;L)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Padding:</source>
        <translation>填充(&amp;P)：</translation>
    </message>
</context>
<context>
    <name>es::ui::TextCsvPage</name>
    <message>
        <location filename="../ui/setup/textsourcepages.cpp" line="+70"/>
        <source>The field separator; auto detects it from the first rows (a .tsv file uses tabs).</source>
        <translation>字段分隔符；自动时从前几行检测（.tsv 文件使用制表符）。</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>A CSV or TSV file with one text per row, such as a review and its sentiment. A relative path is relative to the config file&apos;s folder.</source>
        <translation>每行一条文本的 CSV 或 TSV 文件，例如一条评论及其情感。相对路径相对于配置文件所在的文件夹。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Whether row 1 names the columns; auto decides from the columns (a column chosen by name means a header) or from row 1&apos;s label, which no later row has.</source>
        <translation>第 1 行是否为列名；自动时根据所选列判断（按名称选择列即表示有表头），或根据第 1 行的标签是否不出现在后续任何一行。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>e.g. review, or 1</source>
        <translation>例如 review 或 1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The column with the texts: a header name or a 1-based position.</source>
        <translation>文本所在的列：表头名称或从 1 开始的位置。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>e.g. sentiment, or 2</source>
        <translation>例如 sentiment 或 2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The column with each text&apos;s class (or number, for mse and mae): a header name or a 1-based position.</source>
        <translation>每条文本的类别（mse 和 mae 时为数值）所在的列：表头名称或从 1 开始的位置。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Optional: a file of the same layout whose texts validate, instead of data.validation_split.</source>
        <translation>可选：格式相同的文件，用其中的文本验证，代替 data.validation_split。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Text tables (*.csv *.tsv *.txt)</source>
        <translation>文本表格 (*.csv *.tsv *.txt)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>F&amp;ile:</source>
        <translation>文件(&amp;I)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the file of texts</source>
        <translation>选择文本文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deli&amp;miter:</source>
        <translation>分隔符(&amp;M)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heade&amp;r:</source>
        <translation>表头(&amp;R)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Te&amp;xt column:</source>
        <translation>文本列(&amp;X)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Label column:</source>
        <translation>标签列(&amp;L)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Valida&amp;tion file:</source>
        <translation>验证文件(&amp;T)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the validation texts</source>
        <translation>选择验证文本</translation>
    </message>
</context>
<context>
    <name>es::ui::TextFolderPage</name>
    <message>
        <location line="+32"/>
        <source>A folder with one sub-folder of .txt files per class (aclImdb/train with pos/ and neg/). A relative path is relative to the config file&apos;s folder.</source>
        <translation>每个类别一个 .txt 子文件夹的文件夹（如含 pos/ 和 neg/ 的 aclImdb/train）。相对路径相对于配置文件所在的文件夹。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>e.g. unsup</source>
        <translation>例如 unsup</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Names of sub-folders and files to leave out, separated by commas.</source>
        <translation>要略过的子文件夹和文件名称，以逗号分隔。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Optional: a folder of the same layout whose texts validate, instead of data.validation_split.</source>
        <translation>可选：结构相同的文件夹，用其中的文本验证，代替 data.validation_split。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>F&amp;older:</source>
        <translation>文件夹(&amp;O)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the folder of class folders</source>
        <translation>选择包含类别文件夹的文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Ignore:</source>
        <translation>略过(&amp;I)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Valida&amp;tion folder:</source>
        <translation>验证文件夹(&amp;T)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose the validation folder</source>
        <translation>选择验证文件夹</translation>
    </message>
</context>
<context>
    <name>es::ui::TextLengthChart</name>
    <message>
        <location filename="../ui/setup/textlengthchart.cpp" line="+37"/>
        <source>tokens per text</source>
        <translation>每条文本的词元数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>texts</source>
        <translation>文本数</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>kept whole</source>
        <translation>完整保留</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cut to the sequence length</source>
        <translation>截断到序列长度</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Lengths of the texts in tokens</source>
        <translation>文本长度（词元数）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>output_sequence_length 0:
the longest text, %1 tokens</source>
        <translation>output_sequence_length 0：
最长文本，%1 个词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>output_sequence_length %1:
%2% of the texts cut</source>
        <translation>output_sequence_length %1：
%2% 的文本被截断</translation>
    </message>
    <message numerus="yes">
        <location line="+83"/>
        <source>%1 tokens: %n text(s)</source>
        <translation>
            <numerusform>%1 个词元：%n 条文本</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%1 to %2 tokens: %n text(s)</source>
        <translation>
            <numerusform>%1 到 %2 个词元：%n 条文本</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n cut</source>
        <comment>texts longer than the sequence length</comment>
        <translation>
            <numerusform>截断 %n 条</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>es::ui::TextScoreBox</name>
    <message>
        <location filename="../ui/predict/textscorebox.cpp" line="+40"/>
        <source>Try a text</source>
        <translation>试一段文本</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Type a review: the model scores it as you type</source>
        <translation>输入一条评论：模型会随输入实时打分</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Tokenized exactly as the model&apos;s training texts were, with the vocabulary its run kept</source>
        <translation>与模型训练文本完全相同的分词方式，使用其运行保存的词表</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>The model is loaded when you type.</source>
        <translation>开始输入时加载模型。</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Loading the model...</source>
        <translation>正在加载模型...</translation>
    </message>
    <message numerus="yes">
        <location line="+55"/>
        <source>... %n more</source>
        <translation>
            <numerusform>... 另有 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n token(s), %1 read as [UNK] (marked)</source>
        <translation>
            <numerusform>%n 个词元，其中 %1 个读作 [UNK]（已标出）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>; cut to the %1 tokens the model was trained on</source>
        <translation>；已截断到模型训练时的 %1 个词元</translation>
    </message>
</context>
<context>
    <name>es::ui::TokenizerOptions</name>
    <message>
        <location filename="../ui/setup/tokenizeroptions.cpp" line="+46"/>
        <source>Tokenizer</source>
        <comment>group box: how texts become token ids</comment>
        <translation>分词器</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keras&apos; standardize, applied before splitting:
lower_and_strip_punctuation: ASCII letters lowered, then Keras&apos; punctuation (!&quot;#$%&amp;&apos;()*+,-./:;&lt;=&gt;?@[\]^_`{|}~) removed.
lower, strip_punctuation: one of the two steps.
none: the text as it is.</source>
        <translation>Keras 的 standardize，在切分之前执行：
lower_and_strip_punctuation：ASCII 字母转小写，再去掉 Keras 的标点（!&quot;#$%&amp;&apos;()*+,-./:;&lt;=&gt;?@[\]^_`{|}~）。
lower、strip_punctuation：只做其中一步。
none：保持原文。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Strip HTML t&amp;ags first</source>
        <translation>先去掉 HTML 标签(&amp;A)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Replace each tag, from &lt; to the next &gt;, by a space before standardize, so that IMDB&apos;s &lt;br /&gt; does not become the word &quot;br&quot;. Keras has no such option: its IMDB tutorial passes a standardize function that replaces &lt;br /&gt; by a space.</source>
        <translation>在 standardize 之前把每个标签（从 &lt; 到下一个 &gt;）替换为空格，这样 IMDB 的 &lt;br /&gt; 不会变成单词 &quot;br&quot;。Keras 没有这个选项：它的 IMDB 教程传入一个把 &lt;br /&gt; 替换为空格的 standardize 函数。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keras&apos; split: whitespace makes the words between runs of whitespace the tokens; character makes each Unicode character a token.</source>
        <translation>Keras 的 split：whitespace 以连续空白分隔出的单词为词元；character 以每个 Unicode 字符为词元。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>all</source>
        <comment>max_tokens of 0: every token</comment>
        <translation>全部</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keras&apos; max_tokens: the vocabulary&apos;s size, the padding id 0 and [UNK] included, so 20000 keeps the 19998 most frequent tokens and the others become [UNK] (id 1); all keeps every token. At least 3, and at most the Embedding&apos;s input_dim.</source>
        <translation>Keras 的 max_tokens：词表大小，包括填充 id 0 和 [UNK]，因此 20000 保留最常见的 19998 个词元，其余变为 [UNK]（id 1）；全部则保留所有词元。至少为 3，至多为 Embedding 的 input_dim。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>longest</source>
        <comment>output_sequence_length of 0: as long as the longest text</comment>
        <translation>最长</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keras&apos; output_sequence_length: token ids per sample; a longer text is cut, a shorter one padded with id 0. longest makes every sample as long as the longest training text. The preview&apos;s histogram marks it on the texts&apos; lengths.</source>
        <translation>Keras 的 output_sequence_length：每个样本的词元 id 数；更长的文本被截断，更短的用 id 0 填充。最长表示每个样本都与最长的训练文本一样长。预览中的直方图在文本长度上标出它。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>pad_sequences&apos; padding: where a shorter text&apos;s padding ids go, before its ids (pre, pad_sequences&apos; default) or after them (post, what TextVectorization does). Batches by length need post.</source>
        <translation>pad_sequences 的 padding：较短文本的填充 id 放在哪里，放在其 id 之前（pre，pad_sequences 的默认值）或之后（post，TextVectorization 的做法）。按长度分批需要 post。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>pad_sequences&apos; truncating: which ids a longer text loses, its first ones (pre, pad_sequences&apos; default) or its last ones (post, what TextVectorization does).</source>
        <translation>pad_sequences 的 truncating：较长文本丢弃哪些 id，开头的（pre，pad_sequences 的默认值）或末尾的（post，TextVectorization 的做法）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>learned from the texts</source>
        <translation>从文本中学习</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keras&apos; vocabulary argument: a file of one token per line used instead of adapt() on the training texts; a list that starts with the empty string and [UNK] gives them ids 0 and 1. Empty: learned from the training texts, most frequent first. A relative path is relative to the config file&apos;s folder.</source>
        <translation>Keras 的 vocabulary 参数：每行一个词元的文件，代替在训练文本上调用 adapt()；以空字符串和 [UNK] 开头的列表把 id 0 和 1 分给它们。留空：从训练文本中学习，最常见的在前。相对路径相对于配置文件所在的文件夹。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A text with no token (empty, or only whitespace), which Keras would keep as a sample of padding only: skip leaves it out and counts it in the run&apos;s notes; refuse stops with an error naming it.</source>
        <translation>没有词元的文本（空的或只有空白），Keras 会把它保留为只有填充的样本：skip 会跳过它并在运行备注中计数；refuse 会报错停止并指出它。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Standardi&amp;ze:</source>
        <translation>标准化(&amp;Z)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Split b&amp;y:</source>
        <translation>切分方式(&amp;Y)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Max to&amp;kens:</source>
        <translation>最大词元数(&amp;K)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vo&amp;cabulary file:</source>
        <translation>词表文件(&amp;C)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose the vocabulary file</source>
        <translation>选择词表文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vocabularies (*.txt);;All files (*)</source>
        <translation>词表 (*.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Se&amp;quence length:</source>
        <translation>序列长度(&amp;Q)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Paddi&amp;ng:</source>
        <translation>填充(&amp;N)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tr&amp;uncating:</source>
        <translation>截断(&amp;U)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Empty texts:</source>
        <translation>空文本(&amp;E)：</translation>
    </message>
</context>
<context>
    <name>es::ui::TrainingForm</name>
    <message>
        <location filename="../ui/setup/trainingform.cpp" line="+55"/>
        <source>all batches</source>
        <translation>全部批次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop each epoch after this many batches (Keras&apos; steps_per_epoch); useful for quick measurements.</source>
        <translation>每轮在这么多个批次后结束（即 Keras 的 steps_per_epoch）；适合快速测量。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Forward and backward passes on the first batches, without updating the weights, before training starts: one-time costs then show as the Warm-up phase instead of inside step 1. Training itself is unchanged.</source>
        <translation>在训练开始之前，用最前面的批次做前向和反向计算，但不更新权重：一次性开销因此显示为“预热”阶段，而不是计入第 1 步。训练本身不受影响。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&amp;Epochs:</source>
        <translation>轮次(&amp;E)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Steps per epoch:</source>
        <translation>每轮步数(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Warm-up steps:</source>
        <translation>预热步数(&amp;W)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Optimizer:</source>
        <translation>优化器(&amp;O)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Learning rate:</source>
        <translation>学习率(&amp;L)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lo&amp;ss:</source>
        <translation>损失函数(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Metrics:</source>
        <translation>指标：</translation>
    </message>
</context>
<context>
    <name>es::ui::TransferChart</name>
    <message>
        <location filename="../ui/plots/transferchart.cpp" line="+36"/>
        <source>Host-to-device copies per step</source>
        <translation>每步的主机到设备复制</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+7"/>
        <source>Copy time (ms)</source>
        <translation>复制耗时 (ms)</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>MB copied / GB/s</source>
        <translation>复制量 MB / GB/s</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>MB copied</source>
        <translation>复制量 (MB)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Effective GB/s</source>
        <translation>有效带宽 GB/s</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Step %1 (epoch %2, batch %3)
Copy: %4 ms, %5 MB</source>
        <translation>第 %1 步（第 %2 轮，第 %3 批）
复制：%4 ms，%5 MB</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Effective %1 GB/s</source>
        <translation>有效带宽 %1 GB/s</translation>
    </message>
</context>
<context>
    <name>es::ui::UtilisationChart</name>
    <message>
        <location filename="../ui/plots/utilisationchart.cpp" line="+36"/>
        <source>CPU, GPU and memory</source>
        <translation>CPU、GPU 和内存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run time (s)</source>
        <translation>运行时间 (秒)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Utilisation (%)</source>
        <translation>利用率 (%)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory (MB)</source>
        <translation>内存 (MB)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Process CPU % (100 = one core)</source>
        <translation>进程 CPU %（100 = 一个核心）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Machine CPU % (100 = all cores)</source>
        <translation>整机 CPU %（100 = 全部核心）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RSS (MB)</source>
        <translation>常驻内存 RSS (MB)</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>GPU %1 util %</source>
        <translation>GPU %1 利用率 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU %1 memory (MB)</source>
        <translation>GPU %1 显存 (MB)</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>%1 thread %2</source>
        <comment>thread name, thread id</comment>
        <translation>%1 线程 %2</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>At %1 s</source>
        <translation>%1 秒时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Process CPU %1 %, machine CPU %2 %</source>
        <translation>进程 CPU %1 %，整机 CPU %2 %</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>RSS %1 MB</source>
        <translation>常驻内存 %1 MB</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU %1: %2 % busy, %3 / %4 MB</source>
        <translation>GPU %1：%2 % 忙碌，%3 / %4 MB</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Thread %1 (%2): %3 %</source>
        <translation>线程 %1（%2）：%3 %</translation>
    </message>
</context>
<context>
    <name>es::ui::VariantDialog</name>
    <message>
        <location filename="../ui/whatif/variantdialog.cpp" line="+58"/>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>for example 1, 2, 4 (0: one per physical core)</source>
        <translation>例如 1, 2, 4（0：每个物理核心一个）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>for example 32, 64, 128</source>
        <translation>例如 32, 64, 128</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Placement</source>
        <translation>数据放置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>host, device (pinned: CUDA devices only)</source>
        <translation>host, device（pinned：仅限 CUDA 设备）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Prefetch</source>
        <translation>预取</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>batches prepared ahead, for example 0, 2, 4</source>
        <translation>提前准备的批次数，例如 0, 2, 4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LSTM backend</source>
        <translation>LSTM 后端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cpu, cuda, cuda:1</source>
        <translation>cpu, cuda, cuda:1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Warm-up steps</source>
        <translation>预热步数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>0 (off) or steps before step 1, for example 0, 1, 3</source>
        <translation>0（关闭）或第 1 步之前的步数，例如 0, 1, 3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Checkpoint frequency</source>
        <translation>检查点频率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>epoch, or every N steps: epoch, 100, 10</source>
        <translation>epoch，或每 N 步：epoch, 100, 10</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The baseline has no model_checkpoint callback</source>
        <translation>基线没有 model_checkpoint 回调</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Another config path</source>
        <translation>其他配置路径</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>values as JSON or bare text: 64, true, &quot;x&quot;, null (the default)</source>
        <translation>值可以是 JSON 或纯文本：64, true, &quot;x&quot;, null（默认值）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Add variants</source>
        <translation>添加变体</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>a dotted config path, such as model.layers[0].units</source>
        <translation>以点分隔的配置路径，例如 model.layers[0].units</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Setting:</source>
        <translation>设置项(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Config &amp;path:</source>
        <translation>配置路径(&amp;P)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Values:</source>
        <translation>取值(&amp;V)：</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>The baseline has %1.</source>
        <translation>基线的值为 %1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The baseline does not set it.</source>
        <translation>基线未设置此项。</translation>
    </message>
</context>
<context>
    <name>es::ui::VariantSet</name>
    <message>
        <location filename="../ui/whatif/variantset.cpp" line="+42"/>
        <source>There is no baseline yet: Run &gt; What-if experiment... takes Run setup&apos;s config.</source>
        <translation>还没有基线：“运行 &gt; 假设实验...”会采用“运行设置”中的配置。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 is the baseline&apos;s already: nothing to measure against it.</source>
        <translation>%1 已经是基线的设置：没有可与之比较的内容。</translation>
    </message>
</context>
<context>
    <name>es::ui::WhatIfPanel</name>
    <message>
        <location filename="../ui/whatif/whatifpanel.cpp" line="+47"/>
        <source>No experiment run yet</source>
        <translation>尚未运行实验</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>There is no baseline to measure against.</source>
        <translation>没有可供对比测量的基线。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The experiment cannot run:
%1</source>
        <translation>实验无法运行：
%1</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Starting %n run(s)...</source>
        <translation>
            <numerusform>正在启动 %n 次运行...</numerusform>
        </translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Stopping after the current step...</source>
        <translation>将在当前步之后停止...</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Measuring %1...</source>
        <translation>正在测量 %1...</translation>
    </message>
    <message numerus="yes">
        <location line="+18"/>
        <source>Stopped after %n run(s); what was measured is kept</source>
        <translation>
            <numerusform>在 %n 次运行后停止；已测得的数据会保留</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Finished: %n run(s)</source>
        <translation>
            <numerusform>已完成：%n 次运行</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Ended after %n run(s): see the message above the table</source>
        <translation>
            <numerusform>在 %n 次运行后结束：请查看表格上方的消息</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, recorded as experiment %1</source>
        <translation>，已记录为实验 %1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Experiment %1 is not in the run database any more.</source>
        <translation>实验 %1 已不在运行数据库中。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cannot read experiment %1: %2</source>
        <translation>无法读取实验 %1：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Experiment %1 from the run database</source>
        <translation>来自运行数据库的实验 %1</translation>
    </message>
</context>
<context>
    <name>es::ui::WhatIfResults</name>
    <message>
        <location filename="../ui/whatif/whatifresults.cpp" line="+26"/>
        <source>. </source>
        <comment>between the sentences of a heading</comment>
        <translation>。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Skipped %1</source>
        <translation>已跳过 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Measured: ms per step is the median step time of each run&apos;s measured window; min, median and max are over the runs.
Projected, not measured: the epoch time (median ms per step x steps per epoch of the full config) and the speedup (the baseline&apos;s projected epoch time over the row&apos;s).</source>
        <translation>实测：每步毫秒数是每次运行测量窗口内步耗时的中位数；最小值、中位数和最大值取自各次运行。
推算值，非实测：每轮耗时（每步毫秒数中位数 × 完整配置的每轮步数）和加速比（基线的推算每轮耗时除以本行的）。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Add variants and press Run: the table and the chart fill run by run. Or choose a past experiment.</source>
        <translation>添加变体后按“运行”：表格和图表会随每次运行逐步填充。也可以选择一个以往的实验。</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Validation is left out of the measured runs: no step time includes it, and no callback needs it.</source>
        <translation>测量的运行中不做验证：步耗时不包含验证，也没有回调需要它。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%1 warm-up + %2 measured steps per run, %n repeat(s) each, interleaved</source>
        <translation>
            <numerusform>每次运行 %1 步预热 + %2 步测量，每个配置重复 %n 次，交替进行</numerusform>
        </translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Experiment %1: %2</source>
        <translation>实验 %1：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (not recorded)</source>
        <translation>%1（未记录）</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%1 warm-up + %2 measured steps per run, %n repeat(s) per configuration, interleaved</source>
        <translation>
            <numerusform>每次运行 %1 步预热 + %2 步测量，每个配置重复 %n 次，交替进行</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>; run %1</source>
        <translation>；运行于 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; stopped early</source>
        <translation>；提前停止</translation>
    </message>
</context>
<context>
    <name>es::ui::WhatIfSetup</name>
    <message>
        <location filename="../ui/whatif/whatifsetup.cpp" line="+42"/>
        <source>&amp;Add...</source>
        <translation>添加(&amp;A)...</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re&amp;move</source>
        <translation>移除(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Com&amp;bine</source>
        <translation>组合(&amp;B)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ru&amp;n</source>
        <comment>button: run the experiment</comment>
        <translation>运行(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>St&amp;op</source>
        <translation>停止(&amp;O)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Steps run first and not measured: lazy initialisation, allocator growth and kernel selection make a run&apos;s first steps slower</source>
        <translation>先运行但不测量的步数：延迟初始化、内存分配器扩容和内核选择会使运行的最初几步变慢</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Steps measured after the warm-up, in every run</source>
        <translation>每次运行在预热之后测量的步数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Runs per configuration, interleaved (baseline, variants, baseline, ...) so that the machine&apos;s noise spreads over all of them</source>
        <translation>每个配置的运行次数，交替进行（基线、变体、基线……），使机器的噪声均匀分布到所有配置上</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Warm-up steps:</source>
        <translation>预热步数(&amp;W)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>M&amp;easured steps:</source>
        <translation>测量步数(&amp;E)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Re&amp;peats:</source>
        <translation>重复次数(&amp;P)：</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Variant</source>
        <comment>column: a variant of the baseline config</comment>
        <translation>变体</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Changes to the baseline</source>
        <translation>相对基线的改动</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Each variant is measured against the baseline</source>
        <translation>每个变体都与基线对比测量</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Vary a setting over values you type: threads, batch size, placement, prefetch, backend, device, checkpoint frequency or any config path (Insert)</source>
        <translation>让某个设置取你输入的多个值：线程数、批大小、数据放置、预取、后端、设备、检查点频率或任意配置路径（Insert）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remove the selected variant (Delete)</source>
        <translation>移除选中的变体（Delete）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measure every combination of the varied settings&apos; values instead of one setting at a time</source>
        <translation>测量所有变化设置取值的全部组合，而不是一次只变一个设置</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>End the experiment after the current step, keeping what was measured</source>
        <translation>在当前步之后结束实验，保留已测得的数据</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>An experiment is running: add variants when it has ended.</source>
        <translation>实验正在运行：请在结束后再添加变体。</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Config &quot;%1&quot;: every variant is this config with its changes</source>
        <translation>配置“%1”：每个变体都是此配置加上各自的改动</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No baseline yet: Run &gt; What-if experiment... (Ctrl+Shift+E) measures Run setup&apos;s config, Try this fix in Findings a recorded run&apos;s.</source>
        <translation>还没有基线：“运行 &gt; 假设实验...”（Ctrl+Shift+E）测量“运行设置”中的配置，“诊断结果”中的“试用此修复”测量已记录运行的配置。</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Measure the baseline and every variant, each for a warm-up and a measured window, repeated (docs/whatif.md)</source>
        <translation>测量基线和每个变体，每次先预热再测量一个窗口，重复多次（docs/whatif.md）</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="+134"/>
        <source>Train LSTM models and find out why training is slow</source>
        <translation>训练 LSTM 模型，并找出训练慢的原因</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Load the quick-demo preset and start it</source>
        <translation>载入 quick-demo 预设并开始运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load a built-in preset</source>
        <translation>载入内置预设</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+64"/>
        <location line="+13"/>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="-75"/>
        <source>Open a run config file</source>
        <translation>打开运行配置文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+3"/>
        <location line="+5"/>
        <location line="+35"/>
        <location line="+4"/>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="-45"/>
        <source>Run database to record into and browse</source>
        <translation>用于记录和浏览的运行数据库</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save the window as PNG after --delay</source>
        <translation>在 --delay 之后把窗口保存为 PNG</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Seconds before --screenshot (default 5; with --whatif or --predict, counted from the end of the experiment or the prediction)</source>
        <translation>--screenshot 之前等待的秒数（默认 5；与 --whatif 或 --predict 一起使用时，从假设实验或预测结束时算起）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>seconds</source>
        <translation>秒数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Quit when the run ends (status 0 when it finished)</source>
        <translation>运行结束时退出（正常完成时退出状态为 0）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show a recorded run in the dashboard</source>
        <translation>在仪表板中显示已记录的运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+16"/>
        <source>id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Measure the loaded config against KEY varied over the values (threads=1,2) in the What-if dock</source>
        <translation>在“假设实验”面板中，把载入的配置与 KEY 取各个值（threads=1,2）时的变体对比测量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>KEY=V1,V2</source>
        <translation>KEY=V1,V2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Predict with recorded run ID&apos;s best checkpoint on its validation data (or --predict-x) in the Predict dock; --screenshot then saves the dock</source>
        <translation>在“预测”面板中用已记录运行 ID 的最佳检查点对其验证数据（或 --predict-x）进行预测；此时 --screenshot 保存该面板</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>With --predict: the inputs instead (.npy, archive.npz:NAME or a CSV file)</source>
        <translation>与 --predict 一起使用：改用这些输入（.npy、archive.npz:NAME 或 CSV 文件）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>With --predict-x: the targets to score against</source>
        <translation>与 --predict-x 一起使用：用于评分的目标值</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>User interface language: %1 (default: Settings, or the system&apos;s)</source>
        <translation>界面语言：%1（默认：按“设置”，否则跟随系统）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>code</source>
        <translation>代码</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Show this Run setup tab: %1</source>
        <translation>显示运行设置的这个标签页：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Compare recorded runs (two or more ids: 1,2) in the report dialog; --screenshot then saves the dialog</source>
        <translation>在报告对话框中比较已记录的运行（两个或更多 ID：1,2）；此时 --screenshot 保存的是该对话框</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>ids</source>
        <translation>ID 列表</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Bring this dock to the front: %1 (environment also checks this machine)</source>
        <translation>把此停靠窗口置于最前：%1（environment 还会检查本机）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Profile the Python script given after -- (python3 train.py ARGS) at once (--delay then counts from its end); without one, open File &gt; Profile a Python script... (--screenshot then saves the dialog)</source>
        <translation>立即分析 -- 之后给出的 Python 脚本（python3 train.py ARGS）（--delay 随后从其结束时起算）；若未给出，则打开“文件 &gt; 分析 Python 脚本...”（--screenshot 随后保存该对话框）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>With --profile: python3 SCRIPT [ARGS...]</source>
        <translation>与 --profile 一起使用：python3 SCRIPT [ARGS...]</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>expected KEY=V1,V2 (threads=1,2)</source>
        <translation>应为 KEY=V1,V2（threads=1,2）</translation>
    </message>
</context>
</TS>
