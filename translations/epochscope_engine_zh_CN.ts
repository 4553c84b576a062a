<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Allocator</name>
    <message>
        <location filename="../engine/train/allocatormessages.cpp" line="+103"/>
        <source>&quot;%1&quot; is not available here: %2</source>
        <translation>&quot;%1&quot; 在此不可用：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&quot;glibc-tuned&quot;: glibc refused the mallopt thresholds</source>
        <translation>&quot;glibc-tuned&quot;：glibc 拒绝了 mallopt 阈值</translation>
    </message>
</context>
<context>
    <name>AllocatorChurnRule</name>
    <message>
        <location filename="../engine/diagnosis/allocatorchurnrule.cpp" line="+50"/>
        <source>&quot;tcmalloc&quot; takes the tensors&apos; memory from TCMalloc, which keeps freed blocks for the next step (Debian package libtcmalloc-minimal4)</source>
        <translation>&quot;tcmalloc&quot; 从 TCMalloc 获取张量内存，它会把释放的内存块留给下一步使用（Debian 软件包 libtcmalloc-minimal4）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&quot;jemalloc&quot; takes the tensors&apos; memory from jemalloc (Debian package libjemalloc2; a running process loads it only when started with GLIBC_TUNABLES=glibc.rtld.optional_static_tls=4096)</source>
        <translation>&quot;jemalloc&quot; 从 jemalloc 获取张量内存（Debian 软件包 libjemalloc2；运行中的进程只有在以 GLIBC_TUNABLES=glibc.rtld.optional_static_tls=4096 启动时才能加载它）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&quot;glibc-tuned&quot; raises glibc&apos;s mmap and trim thresholds so that it keeps large blocks (for every allocation, and for the rest of the process)</source>
        <translation>&quot;glibc-tuned&quot; 调高 glibc 的 mmap 和 trim 阈值，使其保留大内存块（对所有分配生效，直到进程结束）</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>, at a median step of %1</source>
        <translation>，步耗时中位数为 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no major faults</source>
        <translation>没有主缺页</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 major faults (pages read from disk) in %2 of the %3 steps</source>
        <translation>发生了 %1 次主缺页（从磁盘读入的页），分布在 %3 步中的 %2 步</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>glibc&apos;s malloc as it is (the run predates device.allocator)</source>
        <translation>未调整的 glibc malloc（该运行早于 device.allocator 设置）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>device.allocator &quot;%1&quot;</source>
        <translation>device.allocator &quot;%1&quot;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Memory churn: %1 minor page faults per step</source>
        <translation>内存反复分配：每步 %1 次次缺页</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The script&apos;s main thread took a median of %1 minor page faults per steady step (p90 %2; %3 over %4 steady steps, %5%6), and %7.</source>
        <translation>脚本的主线程每个稳定步的次要缺页中断中位数为 %1（p90 %2；%4 个稳定步共 %3，%5%6），以及 %7。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The engine thread took a median of %1 minor page faults per steady step (p90 %2; %3 over %4 steady steps, %5%6), and %7.</source>
        <translation>引擎线程每个稳态步的次缺页中位数为 %1 次（p90 %2；%4 个稳态步共 %3 次，%5%6），%7。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Steady steps should reuse the memory of the step before; faulting pages in every step means the allocator returns large blocks to the kernel between steps and maps them again. This run&apos;s memory came from %1.</source>
        <translation>稳态步应当复用上一步的内存；每步都发生缺页，说明分配器在两步之间把大内存块还给内核，随后又重新映射。本次运行的内存来自 %1。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source> Set device.allocator to &quot;%1&quot; (the patch; try it first as a what-if): %2. It took the fewest faults and the shortest steps of the allocators measured on the reference workloads (docs/benchmarks.md#allocators).</source>
        <translation>将 device.allocator 设为 &quot;%1&quot;（即配置补丁；可先用假设实验试一试）：%2。在参考负载上实测的分配器中，它的缺页最少、步耗时最短（docs/benchmarks.md#allocators）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> Set device.allocator to &quot;%1&quot; (the patch; try it first as a what-if): %2. The run already used the allocator measured fastest, so the faults come from memory it does not serve; this one is the next measured.</source>
        <translation>将 device.allocator 设为 &quot;%1&quot;（即配置补丁；可先用假设实验试一试）：%2。本次运行已经使用了实测最快的分配器，缺页来自它不负责的内存；这是实测排名其次的分配器。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Steady steps take major page faults</source>
        <translation>稳态步发生主缺页</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Over %1 steady steps (%2%3) the script&apos;s main thread took %4; minor faults stayed at a median of %5 per step.</source>
        <translation>在 %1 个稳定步中（%2%3），脚本的主线程发生了 %4；次要缺页中断保持在每步中位数 %5。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Over %1 steady steps (%2%3) the engine thread took %4; minor faults stayed at a median of %5 per step.</source>
        <translation>在 %1 个稳态步中（%2%3），引擎线程%4；次缺页的中位数保持在每步 %5 次。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A major fault waits for a page to be read from disk. In steady steps that means the machine is short of memory (pages swapped out and back, or the program&apos;s code dropped from the page cache and read again); free memory for the run.</source>
        <translation>主缺页要等待从磁盘读入一页。在稳态步中出现，说明机器内存不足（页被换出又换入，或程序代码被逐出页缓存后重新读入）；请为运行腾出内存。</translation>
    </message>
</context>
<context>
    <name>AtomicFile</name>
    <message>
        <location filename="../engine/io/atomicfile.cpp" line="+124"/>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <location filename="../engine/io/atomicdirectory.cpp" line="+74"/>
        <location line="+47"/>
        <location line="+11"/>
        <location line="+26"/>
        <location filename="../engine/io/atomicfile.cpp" line="+69"/>
        <source>cannot create %1</source>
        <translation>无法创建 %1</translation>
    </message>
    <message>
        <location line="-58"/>
        <source>cannot replace %1 with %2</source>
        <translation>无法用 %2 替换 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cannot move %1 aside</source>
        <translation>无法将 %1 暂时移开</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+22"/>
        <location filename="../engine/io/atomicfile.cpp" line="+11"/>
        <source>cannot flush %1</source>
        <translation>无法将 %1 写入磁盘</translation>
    </message>
    <message>
        <location line="-20"/>
        <location filename="../engine/io/atomicfile.cpp" line="+2"/>
        <source>cannot close %1</source>
        <translation>无法关闭 %1</translation>
    </message>
    <message>
        <location line="-17"/>
        <location line="+3"/>
        <location line="+62"/>
        <location filename="../engine/io/atomicfile.cpp" line="+2"/>
        <source>cannot rename %1 to %2</source>
        <translation>无法将 %1 重命名为 %2</translation>
    </message>
    <message>
        <location filename="../engine/io/atomicfile.cpp" line="+15"/>
        <source>empty file name</source>
        <translation>文件名为空</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: is a directory</source>
        <translation>%1：是一个目录</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: directory %2 does not exist</source>
        <translation>%1：目录 %2 不存在</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: directory %2 is not writable (%3)</source>
        <translation>%1：目录 %2 不可写（%3）</translation>
    </message>
</context>
<context>
    <name>BackendChoice</name>
    <message>
        <location filename="../engine/model/backendchoice.cpp" line="+35"/>
        <source>&quot;onednn&quot; runs the LSTM layers on the CPU, but the run is on a CUDA device; use &quot;auto&quot; or &quot;libtorch&quot;</source>
        <translation>&quot;onednn&quot; 在 CPU 上运行 LSTM 层，但本次运行在 CUDA 设备上；请使用 &quot;auto&quot; 或 &quot;libtorch&quot;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&quot;onednn&quot; requested, but this build has no oneDNN (configured with EPOCHSCOPE_WITH_ONEDNN=OFF); use &quot;auto&quot; or &quot;libtorch&quot;</source>
        <translation>请求了 &quot;onednn&quot;，但此构建不含 oneDNN（以 EPOCHSCOPE_WITH_ONEDNN=OFF 配置）；请使用 &quot;auto&quot; 或 &quot;libtorch&quot;</translation>
    </message>
</context>
<context>
    <name>BackupAndRestore</name>
    <message>
        <location filename="../engine/callbacks/backupandrestore.cpp" line="+35"/>
        <source>%1: cannot create or write the backup directory: %2</source>
        <translation>%1：无法创建或写入备份目录：%2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>backup_and_restore: ignoring the backup in %1 (--ignore-backup); training starts fresh and replaces it at the first save</source>
        <translation>backup_and_restore：忽略 %1 中的备份（--ignore-backup）；训练从头开始，并在第一次保存时替换它</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>backup_and_restore: cannot delete %1 after the finished run: %2</source>
        <translation>backup_and_restore：运行完成后无法删除 %1：%2</translation>
    </message>
</context>
<context>
    <name>CallbackHeavyRule</name>
    <message>
        <location filename="../engine/diagnosis/callbackheavyrule.cpp" line="+92"/>
        <source>%1 save</source>
        <translation>%1 次保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 saves</source>
        <translation>%1 次保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 file write</source>
        <translation>%1 次文件写入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 file writes</source>
        <translation>%1 次文件写入</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Save once per epoch: save_freq &quot;epoch&quot; instead of every %1 steps (%2 per epoch here). A run killed mid-epoch then resumes from the end of the last epoch.</source>
        <translation>每轮只保存一次：把 save_freq 从每 %1 步改为 &quot;epoch&quot;（这里每轮 %2）。这样在一轮中途被终止的运行会从上一轮结束处恢复。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save once per epoch: save_freq &quot;epoch&quot; instead of every %1 steps (%2 per epoch here). Checkpoints then exist only at epoch ends.</source>
        <translation>每轮只保存一次：把 save_freq 从每 %1 步改为 &quot;epoch&quot;（这里每轮 %2）。这样检查点只在每轮结束时存在。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source> The filepath names {batch}, which exists only with a numeric save_freq: the patch takes it out (&quot;%1&quot;); name the files as you prefer.</source>
        <translation>filepath 中含有 {batch}，它只在 save_freq 为数字时存在：配置补丁把它去掉了（&quot;%1&quot;）；文件名可按需另取。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Write smaller files: save_weights_only true leaves the optimizer&apos;s state out of each checkpoint (for Adam, two more tensors the size of the weights). Such a checkpoint cannot continue training with the same optimizer state; backup_and_restore is the callback for resuming.</source>
        <translation>写更小的文件：save_weights_only 设为 true 时，检查点不含优化器状态（对 Adam 而言是另外两个与权重同样大小的张量）。这样的检查点无法以相同的优化器状态继续训练；要恢复训练请用 backup_and_restore 回调。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The checkpoint already saves weights only and only on improvement: put filepath on faster local storage.</source>
        <translation>该检查点已经只保存权重，且只在指标改善时保存：请把 filepath 放到更快的本地存储上。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save less often: save_best_only true writes only when the monitored value improves; or put filepath on faster local storage.</source>
        <translation>减少保存次数：save_best_only 设为 true 时只在监控值改善时写入；或者把 filepath 放到更快的本地存储上。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The backup is already taken once per epoch: put backup_dir on faster local storage, or drop the callback when the run is short enough to start over.</source>
        <translation>备份已经是每轮一次：请把 backup_dir 放到更快的本地存储上；如果运行短到可以从头再来，也可以去掉这个回调。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>csv_logger rewrites and fsyncs its whole file every epoch, so its cost grows with the epochs: put filename on faster local storage, or drop it (the run store already keeps every epoch&apos;s losses and metrics).</source>
        <translation>csv_logger 每轮都会重写整个文件并执行 fsync，开销随轮次增加：请把 filename 放到更快的本地存储上，或者去掉它（运行数据库已经保存了每轮的损失和指标）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The time is spent in the callback&apos;s own batch and epoch-end hooks; check that the run needs it.</source>
        <translation>时间花在该回调自身的批次钩子和轮末钩子里；请确认运行确实需要它。</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>%1 takes %2 of each epoch (%3 per epoch)</source>
        <translation>%1 占每轮时间的 %2（每轮 %3）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: %2 and %3 per epoch (%4 of the epoch), %5 per epoch</source>
        <translation>%1：每轮 %2、%3（占该轮的 %4），每轮 %5</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2 per epoch (%3 of the epoch)</source>
        <translation>%1：每轮 %2（占该轮的 %3）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1; means over %2; the callbacks phase is above %3 the median step&apos;s in %4.</source>
        <translation>%1；为%2的平均值；在%4，回调阶段超过步中位数的 %3。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1; means over %2.</source>
        <translation>%1；为%2的平均值。</translation>
    </message>
</context>
<context>
    <name>CallbackSpecs</name>
    <message>
        <location filename="../engine/config/callbackspecs.cpp" line="+122"/>
        <source>expected one character such as &quot;,&quot;, &quot;;&quot;, &quot;|&quot; or &quot;\t&quot; (Keras&apos; CSVLogger hands it to Python&apos;s csv, which takes one), and not a letter, digit, quote, line break or one of . - + _ \, got %1</source>
        <translation>应为一个字符，如 &quot;,&quot;、&quot;;&quot;、&quot;|&quot; 或 &quot;\t&quot;（Keras 的 CSVLogger 把它交给 Python 的 csv，后者只接受一个字符），且不能是字母、数字、引号、换行或 . - + _ \ 之一，实际为 %1</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>required key is missing; expected &quot;epoch&quot; or a positive integer (batches)</source>
        <translation>缺少必需的键；应为 &quot;epoch&quot; 或正整数（批次数）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>required key is missing; expected a number or null</source>
        <translation>缺少必需的键；应为数值或 null</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>expected &quot;epoch&quot; or a positive integer (batches), got %1</source>
        <translation>应为 &quot;epoch&quot; 或正整数（批次数），实际为 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expected a number or null, got %1</source>
        <translation>应为数值或 null，实际为 %1</translation>
    </message>
</context>
<context>
    <name>ChartImage</name>
    <message>
        <location filename="../engine/report/chartimage.cpp" line="+21"/>
        <source>cannot draw a chart: %1</source>
        <translation>无法绘制图表：%1</translation>
    </message>
</context>
<context>
    <name>CheckpointWeights</name>
    <message>
        <location filename="../engine/train/trainingmessages.cpp" line="+184"/>
        <source>BackupAndRestore backup</source>
        <translation>BackupAndRestore 备份</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>weights and optimizer state</source>
        <translation>权重和优化器状态</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>weights only</source>
        <translation>仅权重</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: no such file</source>
        <translation>%1：文件不存在</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: not a LibTorch archive EpochScope can read (corrupt, truncated, or not written by EpochScope&apos;s model_checkpoint or backup_and_restore): %2</source>
        <translation>%1：不是 EpochScope 能读取的 LibTorch 归档（已损坏、被截断，或不是由 EpochScope 的 model_checkpoint 或 backup_and_restore 写入的）：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 does not fit the config&apos;s model: %2</source>
        <translation>%1 与配置中的模型不匹配：%2</translation>
    </message>
</context>
<context>
    <name>CommunicationBoundRule</name>
    <message>
        <location filename="../engine/diagnosis/communicationboundrule.cpp" line="+65"/>
        <source>Averaging gradients over the ranks takes %1 of the steady step time</source>
        <translation>在各进程间平均梯度占稳态步耗时的 %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 MB/s effective</source>
        <translation>有效速率 %1 MB/s</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>the communication phase takes %1 of the steady steps&apos; time (%2 ms of %3 ms per step, means over %4 steady steps, %5) on %6 ranks, at most %7 on one machine; each step all-reduces %8 of gradients (median), %9 (the bytes over the phase&apos;s time, which also holds any wait for a slower rank).</source>
        <translation>通信阶段占稳态步耗时的 %1（每步 %3 ms 中的 %2 ms，为 %4 个稳态步的平均值，%5），共 %6 个进程，单台机器上最多 %7 个；每步全归约 %8 的梯度（中位数），%9（字节数除以该阶段的时间，其中也包含等待较慢进程的时间）。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source> %1 ranks share one machine: on a CPU they also share its cores and memory bandwidth, so fewer ranks per machine, each with more threads, often train faster.</source>
        <translation> 有 %1 个进程共用一台机器：在 CPU 上它们还共用其核心和内存带宽，所以每台机器少放几个进程、每个进程多用几个线程，往往训练得更快。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Send the step&apos;s gradients in one message: distributed.bucket_mb %1 holds all %2 of them (now %3 MiB, %4 messages per step). A larger per-rank batch (data.batch_size) reduces as often per step but less often per sample.%5</source>
        <translation>用一条消息发送一步的全部梯度：distributed.bucket_mb 设为 %1 可容纳全部 %2（现在为 %3 MiB，每步 %4 条消息）。更大的单进程批（data.batch_size）每步归约次数不变，但每个样本的归约次数更少。%5</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Compute more per reduction: data.batch_size %1 per rank halves the reductions per sample (each step reduces the same %2). The global batch doubles with it, which may call for a larger learning rate.%3</source>
        <translation>每次归约多做些计算：每个进程的 data.batch_size 设为 %1，每个样本的归约次数减半（每步归约的仍是 %2）。全局批随之加倍，可能需要更大的学习率。%3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Compute more per reduction with a larger per-rank batch (data.batch_size), or run fewer ranks per machine.</source>
        <translation>用更大的单进程批（data.batch_size）让每次归约多做些计算，或在每台机器上运行更少的进程。</translation>
    </message>
</context>
<context>
    <name>CompareCommand</name>
    <message>
        <location filename="../cli/comparecommand.cpp" line="+23"/>
        <source>compare needs at least two run ids (the first is the baseline); `epochscope-cli runs list` shows them</source>
        <translation>compare 至少需要两个运行 ID（第一个是基线）；`epochscope-cli runs list` 会列出它们</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>run %1 is given twice; compare distinct runs</source>
        <translation>运行 %1 给了两次；请比较不同的运行</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>--out %1: the extension picks the format: .html (or .htm), .pdf, .md, .csv or .json</source>
        <translation>--out %1：由扩展名决定格式：.html（或 .htm）、.pdf、.md、.csv 或 .json</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Wrote %1 (%2, %3 runs)</source>
        <translation>已写入 %1（%2，%3 个运行）</translation>
    </message>
</context>
<context>
    <name>ConfigError</name>
    <message>
        <location filename="../engine/config/configerror.cpp" line="+69"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ConsoleReporter</name>
    <message>
        <location filename="../cli/consolereporter.cpp" line="+23"/>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
</context>
<context>
    <name>CsvLogger</name>
    <message>
        <location filename="../engine/callbacks/metriccallbacks.cpp" line="+133"/>
        <source>%1: cannot create or write the log&apos;s directory: %2</source>
        <translation>%1：无法创建或写入日志所在的目录：%2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>cannot open the log to append to: %1</source>
        <translation>无法打开要追加的日志：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: the log to append to holds %2 bytes, more than the %3 an epoch log may hold; choose a new filename or set append to false</source>
        <translation>%1：要追加的日志有 %2 字节，超过了轮次日志最多可有的 %3 字节；请换一个 filename，或把 append 设为 false</translation>
    </message>
</context>
<context>
    <name>CsvScanner</name>
    <message>
        <location filename="../engine/data/csvscanner.cpp" line="+50"/>
        <source>unterminated quoted field: the quote that opens it is never closed before the end of the file</source>
        <translation>带引号的字段未结束：开头的引号直到文件结尾都没有闭合</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>quoted field longer than %1 bytes; is the quote that opens it unbalanced?</source>
        <translation>带引号的字段超过 %1 字节；开头的引号是否没有配对？</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>expected a delimiter or the end of the line after the closing quote, got %1</source>
        <translation>闭合引号之后应为分隔符或行尾，实际为 %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>field longer than %1 bytes</source>
        <translation>字段超过 %1 字节</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>more than %1 fields in one row</source>
        <translation>一行中的字段超过 %1 个</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>row longer than %1 bytes</source>
        <translation>行超过 %1 字节</translation>
    </message>
</context>
<context>
    <name>CsvTable</name>
    <message>
        <location filename="../engine/data/csvtable.cpp" line="+88"/>
        <source>&quot;%1&quot;... (%2 bytes)</source>
        <translation>&quot;%1&quot;...（共 %2 字节）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 and %2 more</source>
        <translation>%1，以及另外 %2 个</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>unsupported delimiter %1; expected &apos;,&apos;, &apos;;&apos;, tab, or automatic detection</source>
        <translation>不支持的分隔符 %1；应为 &apos;,&apos;、&apos;;&apos;、tab 或自动检测</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>a column needs a name or a 0-based index, got neither</source>
        <translation>列需要名称或从 0 开始的索引，但两者都没有给出</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>column %1 is given both a name and index %2; give one of them</source>
        <translation>列 %1 同时给出了名称和索引 %2；请只给出其中之一</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>column index %1 is out of range: the file has %2 columns (indices 0 to %3)</source>
        <translation>列索引 %1 超出范围：文件有 %2 列（索引 0 到 %3）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>column %1 is selected by name but the file has no header row; select it by index</source>
        <translation>列 %1 按名称选择，但文件没有表头行；请按索引选择</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>no column named %1; the header has %2</source>
        <translation>没有名为 %1 的列；表头中有 %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>column name %1 appears in columns %2 and %3; select it by index</source>
        <translation>列名 %1 出现在第 %2 列和第 %3 列；请按索引选择</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>the file is empty; expected rows of numbers</source>
        <translation>文件为空；应为若干行数值</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>the file has a header row but no data rows; expected rows of numbers after it</source>
        <translation>文件有表头行但没有数据行；表头之后应为若干行数值</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>no column holds numbers in the first data row</source>
        <translation>第一个数据行中没有任何列是数值</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>reading its values</source>
        <translation>读取其中的数值</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the row is blank, expected %2 as in row 1 (fields separated by %3)</source>
        <translation>该行为空，应与第 1 行一样有 %2 个字段（字段以 %3 分隔）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the row has %1 field, expected %2 as in row 1 (fields separated by %3)</source>
        <translation>该行有 %1 个字段，应与第 1 行一样有 %2 个（字段以 %3 分隔）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the row has %1 fields, expected %2 as in row 1 (fields separated by %3)</source>
        <translation>该行有 %1 个字段，应与第 1 行一样有 %2 个（字段以 %3 分隔）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>missing value (empty cell); expected a number</source>
        <translation>缺少值（空单元格）；应为数值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expected a finite number, got %1; NaN and Inf are not allowed in training data</source>
        <translation>应为有限数值，实际为 %1；训练数据中不允许出现 NaN 和 Inf</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>expected a number within the 32-bit float range (magnitude up to 3.4e38), got %1</source>
        <translation>应为 32 位浮点数范围内的数值（绝对值不超过 3.4e38），实际为 %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>expected a number, got %1 (decimal commas are not supported; write %2); row 1 was not taken as a header because row 2 has text where row 1 has numbers, or no number under its text (set the header option to say)</source>
        <translation>应为数值，实际为 %1（不支持以逗号作小数点；请写作 %2）；第 1 行未被当作表头，因为第 2 行在第 1 行为数值的位置是文本，或第 1 行的文本下方没有数值（可用 header 选项明确指定）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>expected a number, got %1 (decimal commas are not supported; write %2)</source>
        <translation>应为数值，实际为 %1（不支持以逗号作小数点；请写作 %2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>expected a number, got %1; row 1 was not taken as a header because row 2 has text where row 1 has numbers, or no number under its text (set the header option to say)</source>
        <translation>应为数值，实际为 %1；第 1 行未被当作表头，因为第 2 行在第 1 行为数值的位置是文本，或第 1 行的文本下方没有数值（可用 header 选项明确指定）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>expected a number, got %1</source>
        <translation>应为数值，实际为 %1</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>cannot open the CSV file: %1</source>
        <translation>无法打开 CSV 文件：%1</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>reading the file</source>
        <translation>读取该文件</translation>
    </message>
</context>
<context>
    <name>CsvWindows</name>
    <message>
        <location filename="../engine/data/csvwindows.cpp" line="+29"/>
        <source>expected a column name or a 0-based index (exactly one)</source>
        <translation>应为列名或从 0 开始的索引（二者恰好给出其一）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>column index %1 is out of range: the table has %2 columns</source>
        <translation>列索引 %1 超出范围：表有 %2 列</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>column %1 is named but the file has no header</source>
        <translation>列 %1 按名称指定，但文件没有表头</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>column name %1 is ambiguous; use an index</source>
        <translation>列名 %1 有歧义；请使用索引</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no column named %1</source>
        <translation>没有名为 %1 的列</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>expected an integer &gt;= 1 (rows per sample), got %1</source>
        <translation>应为 &gt;= 1 的整数（每个样本的行数），实际为 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expected an integer &gt;= 1 (rows from the window&apos;s last row to the target), got %1</source>
        <translation>应为 &gt;= 1 的整数（从窗口最后一行到目标所隔的行数），实际为 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>expected an integer &gt;= 1 (rows between window starts), got %1</source>
        <translation>应为 &gt;= 1 的整数（相邻窗口起点之间的行数），实际为 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>expected at least one feature column, got none</source>
        <translation>应至少有一个特征列，实际一个也没有</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>too few rows: window %1 + horizon %2 needs at least more than 2^63 data rows, the table has %4</source>
        <translation>行数太少：window %1 + horizon %2 需要超过 2^63 个数据行，而表只有 %4 行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>too few rows: window %1 + horizon %2 needs at least %3 data rows, the table has %4</source>
        <translation>行数太少：window %1 + horizon %2 至少需要 %3 个数据行，而表只有 %4 行</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>the windows would not fit in memory</source>
        <translation>这些窗口无法放入内存</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>windowing the table</source>
        <translation>将该表切分为窗口</translation>
    </message>
</context>
<context>
    <name>DataParallel</name>
    <message>
        <location filename="../engine/distributed/distributedmessages.cpp" line="+125"/>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="-112"/>
        <source>a run of several processes needs a rendezvous: set distributed.init to tcp://HOST:PORT or file:PATH, or start it with epochscope-cli train --nproc N, torchrun or --master</source>
        <translation>多进程运行需要一个会合点：将 distributed.init 设为 tcp://HOST:PORT 或 file:PATH，或用 epochscope-cli train --nproc N、torchrun 或 --master 启动</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>rank %1 on %2 (pid %3)</source>
        <translation>%2 上的进程 %1（pid %3）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 ended or cannot be reached</source>
        <translation>%1 已结束或无法连接</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>one of the other ranks ended or cannot be reached: %1</source>
        <translation>其他进程之一已结束或无法连接：%1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1 of the %2 ranks train a config that differs from rank 0&apos;s; their messages name the field</source>
        <translation>%2 个进程中有 %1 个训练的配置与进程 0 的不同；它们的消息会指出字段</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>differs between the ranks: rank 0 has %1, rank %2 has %3; every rank must train the same config</source>
        <translation>各进程之间不一致：进程 0 为 %1，进程 %2 为 %3；所有进程必须训练同一配置</translation>
    </message>
</context>
<context>
    <name>DiagnoseCommand</name>
    <message>
        <location filename="../cli/diagnosecommand.cpp" line="+36"/>
        <source>[%1] %2: %3</source>
        <translation>[%1] %2：%3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>  evidence: %1</source>
        <translation>  证据：    %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  where:    %1</source>
        <translation>  位置：    %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  fix:      %1</source>
        <translation>  修复方法：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>  patch:    %1</source>
        <translation>  配置补丁：%1</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Run %1: %2, %3 steps, %4 finding</source>
        <translation>运行 %1：%2，%3 步，%4 条诊断结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run %1: %2, %3 steps, %4 findings</source>
        <translation>运行 %1：%2，%3 步，%4 条诊断结果</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>(machine findings left out: %1)</source>
        <translation>（未包含本机的检查结果：%1）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Nothing found: no rule&apos;s cause shows in this run (docs/diagnosis.md).</source>
        <translation>未发现问题：此运行中没有任何规则所针对的原因（docs/diagnosis.md）。</translation>
    </message>
</context>
<context>
    <name>Diagnosis</name>
    <message>
        <location filename="../engine/i18n/evidencetext.h" line="+41"/>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>steps %1-%2</source>
        <translation>第 %1-%2 步</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 intra-op thread</source>
        <translation>%1 个算子内线程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 intra-op threads</source>
        <translation>%1 个算子内线程</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>epoch %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>epochs %1-%2</source>
        <translation>第 %1-%2 轮</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../engine/diagnosis/stragglersrule.cpp" line="+73"/>
        <location filename="../engine/diagnosis/warmuprule.cpp" line="+145"/>
        <source>mostly in %1</source>
        <translation>主要在%1</translation>
    </message>
    <message>
        <location line="+160"/>
        <location line="+13"/>
        <location filename="../engine/diagnosis/warmuprule.cpp" line="+180"/>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location line="+38"/>
        <location filename="../engine/diagnosis/warmuprule.cpp" line="+5"/>
        <source>%1.</source>
        <translation>%1。</translation>
    </message>
</context>
<context>
    <name>DoctorReport</name>
    <message>
        <location filename="../engine/doctor/doctortext.cpp" line="+139"/>
        <source>no BLAS library loaded in this process</source>
        <translation>此进程未加载 BLAS 库</translation>
    </message>
    <message>
        <location line="-111"/>
        <source>; %1: %2</source>
        <translation>；%1：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2); available: %3</source>
        <translation>%1（%2）；可用：%3</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>flush-to-zero %1, denormals-are-zero %2 here; this CPU cannot flush them (no DAZ)</source>
        <translation>本机 flush-to-zero %1，denormals-are-zero %2；此 CPU 无法将非规格化数清零（没有 DAZ）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>flush-to-zero %1, denormals-are-zero %2 here; CPU LSTM runs flush them (%3)</source>
        <translation>本机 flush-to-zero %1，denormals-are-zero %2；CPU 上的 LSTM 运行会将其清零（%3）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>flush-to-zero %1, denormals-are-zero %2 here; CPU LSTM runs keep them (%3)</source>
        <translation>本机 flush-to-zero %1，denormals-are-zero %2；CPU 上的 LSTM 运行会保留它们（%3）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>LSTM and GRU inference checked against a reference (oneDNN on %1): right</source>
        <translation>已将 LSTM 和 GRU 推理与参考实现核对（oneDNN 使用 %1）：正确</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>LSTM and GRU inference on %1 was off by up to %2 on this CPU; oneDNN is capped at AVX2 here, where it is right (set ONEDNN_MAX_CPU_ISA to choose yourself)</source>
        <translation>在此 CPU 上，%1 的 LSTM 和 GRU 推理误差最大达 %2；此处 oneDNN 被限制为 AVX2，在该指令集下结果正确（可设置 ONEDNN_MAX_CPU_ISA 自行选择）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>warning: LSTM and GRU inference is off by up to %1 on this CPU, on %2 and at AVX2; evaluation and predictions through oneDNN are wrong here</source>
        <translation>警告：在此 CPU 上，LSTM 和 GRU 推理在 %2 和 AVX2 下误差最大均达 %1；此处经由 oneDNN 的评估和预测结果有误</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>LSTM and GRU inference not checked: %1</source>
        <translation>未核对 LSTM 和 GRU 推理：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LSTM and GRU inference not checked: ONEDNN_MAX_CPU_ISA=%1 is set</source>
        <translation>未核对 LSTM 和 GRU 推理：已设置 ONEDNN_MAX_CPU_ISA=%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>LSTM and GRU inference not checked: no oneDNN here</source>
        <translation>未核对 LSTM 和 GRU 推理：此构建不含 oneDNN</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>not in this LibTorch build</source>
        <translation>此 LibTorch 构建不含 CUDA</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>built in, but no device is available</source>
        <translation>已编译支持，但没有可用设备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, cuDNN %2</source>
        <translation>%1，cuDNN %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 device</source>
        <translation>%1 个设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 devices</source>
        <translation>%1 个设备</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>; host-to-device %1 GB/s pageable, %2 GB/s pinned</source>
        <translation>；主机到设备：可分页内存 %1 GB/s，锁页内存 %2 GB/s</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>EpochScope %1, LibTorch %2</source>
        <translation>EpochScope %1，LibTorch %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>EpochScope %1, LibTorch %2 (CPU kernels %3)</source>
        <translation>EpochScope %1，LibTorch %2（CPU 内核 %3）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, %2, %3;%4</source>
        <translation>%1，%2，%3；%4</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 intra-op, %2 inter-op</source>
        <translation>算子内 %1，算子间 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BLAS</source>
        <translation>BLAS</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (best of %2)</source>
        <translation>%1（%2 次中最佳）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>SGEMM</source>
        <translation>SGEMM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1^3: LibTorch %2, oneDNN %3 (%4) %5</source>
        <translation>%1^3：LibTorch %2，oneDNN %3（%4）%5</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>RNN check</source>
        <translation>RNN 核对</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LSTM</source>
        <translation>LSTM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>on the CPU: %1 (%2)</source>
        <translation>CPU 上：%1（%2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Denormals</source>
        <translation>非规格化数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Allocator</source>
        <translation>分配器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2, %3 MB</source>
        <translation>%1：%2，%3 MB</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+4"/>
        <source>Findings</source>
        <translation>诊断结果</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>none: nothing here slows training down</source>
        <translation>无：这里没有拖慢训练的因素</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>  [%1] %2</source>
        <translation>  [%1] %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>      evidence: %1</source>
        <translation>      证据：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>      fix:      %1</source>
        <translation>      修复方法：%1</translation>
    </message>
</context>
<context>
    <name>DoctorRule</name>
    <message>
        <location filename="../engine/diagnosis/doctorfindings.cpp" line="+22"/>
        <source>%1 measured through LibTorch vs %2 through oneDNN (SGEMM %3^3)</source>
        <translation>经 LibTorch 实测 %1，经 oneDNN 为 %2（SGEMM %3^3）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>LibTorch is using the reference BLAS (%1)</source>
        <translation>LibTorch 正在使用参考 BLAS（%1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Install an optimised BLAS: apt-get install libopenblas0-openmp (Debian&apos;s alternatives then point libblas.so.3 at it); every LSTM step gets faster</source>
        <translation>安装优化的 BLAS：apt-get install libopenblas0-openmp（之后 Debian 的 alternatives 会把 libblas.so.3 指向它）；每个 LSTM 步都会变快</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>LibTorch&apos;s matrix products reach less than half of what this CPU does</source>
        <translation>LibTorch 的矩阵乘法速率不到本机 CPU 能力的一半</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1; BLAS: %2</source>
        <translation>%1；BLAS：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Check that the BLAS uses all cores (OPENBLAS_NUM_THREADS, OMP_NUM_THREADS) and is an optimised build (libopenblas0-openmp)</source>
        <translation>请确认 BLAS 使用了所有核心（OPENBLAS_NUM_THREADS、OMP_NUM_THREADS），并且是优化的构建（libopenblas0-openmp）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 on a machine with %2</source>
        <translation>%1，而机器有 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../engine/doctor/doctortext.cpp" line="-54"/>
        <source>%1 physical core</source>
        <translation>%1 个物理核心</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../engine/doctor/doctortext.cpp" line="+1"/>
        <source>%1 physical cores</source>
        <translation>%1 个物理核心</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>LibTorch runs each operation on %1; the other cores idle</source>
        <translation>LibTorch 在 %1上运行每个运算；其他核心处于空闲</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 thread</source>
        <translation>%1 个线程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 threads</source>
        <translation>%1 个线程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set device.intra_op_threads to 0 (one per physical core) or to the core count</source>
        <translation>把 device.intra_op_threads 设为 0（每个物理核心一个）或核心数</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 on %2</source>
        <translation>%1运行在 %2上</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../engine/doctor/doctortext.cpp" line="+1"/>
        <source>%1 logical core</source>
        <translation>%1 个逻辑核心</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../engine/doctor/doctortext.cpp" line="+1"/>
        <source>%1 logical cores</source>
        <translation>%1 个逻辑核心</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>more threads than cores: they take turns and wait for each other at every parallel region</source>
        <translation>线程多于核心：它们轮流使用核心，并在每个并行区域相互等待</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Set device.intra_op_threads to 0 (one per physical core)</source>
        <translation>把 device.intra_op_threads 设为 0（每个物理核心一个）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>OMP_NUM_THREADS=%1 is set</source>
        <translation>设置了 OMP_NUM_THREADS=%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>EpochScope sets LibTorch&apos;s threads from the config (%1 here), but OpenMP libraries it does not control, such as an OpenMP OpenBLAS, follow the variable</source>
        <translation>EpochScope 按配置设置 LibTorch 的线程数（这里为 %1），但它无法控制的 OpenMP 库（例如 OpenMP 版的 OpenBLAS）会遵循这个环境变量</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Unset OMP_NUM_THREADS, or set it to the same number</source>
        <translation>取消设置 OMP_NUM_THREADS，或把它设为相同的数值</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>This machine has %1 but this LibTorch build has no CUDA</source>
        <translation>本机有 %1，但此 LibTorch 构建不支持 CUDA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GPU</source>
        <translation>%1 个 GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GPUs</source>
        <translation>%1 个 GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NVML: %1; LibTorch %2 was built for the CPU only</source>
        <translation>NVML：%1；LibTorch %2 仅为 CPU 构建</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Build EpochScope against a CUDA LibTorch (CMAKE_PREFIX_PATH, see scripts/gpu-check.sh) to train on the GPU</source>
        <translation>请基于支持 CUDA 的 LibTorch 构建 EpochScope（CMAKE_PREFIX_PATH，见 scripts/gpu-check.sh），以便在 GPU 上训练</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Pinned memory copies to the GPU much faster here</source>
        <translation>在本机，从锁页内存复制到 GPU 要快得多</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>host-to-device copies: %1 GB/s from pageable memory, %2 GB/s pinned</source>
        <translation>主机到设备复制：可分页内存 %1 GB/s，锁页内存 %2 GB/s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>For GPU runs use data.placement &quot;pinned&quot;, or &quot;device&quot; when the data fits</source>
        <translation>在 GPU 上运行时使用 data.placement &quot;pinned&quot;；数据放得下时使用 &quot;device&quot;</translation>
    </message>
</context>
<context>
    <name>EarlyStopping</name>
    <message>
        <location filename="../engine/callbacks/metriccallbacks.cpp" line="-104"/>
        <source>Early stopping conditioned on metric `%1` which is not available. Available metrics are: %2</source>
        <translation>早停所依据的指标 `%1` 不可用。可用的指标有：%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Restoring model weights from the end of the best epoch: %1.</source>
        <translation>从最佳轮次结束时恢复模型权重：第 %1 轮。</translation>
    </message>
</context>
<context>
    <name>EpochscopeCli</name>
    <message>
        <location filename="../cli/commandline/helpwords.cpp" line="+15"/>
        <source>Usage</source>
        <translation>用法</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OPTIONS</source>
        <translation>选项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SUBCOMMAND</source>
        <translation>子命令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SUBCOMMANDS</source>
        <translation>子命令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Positionals</source>
        <translation>位置参数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Options</source>
        <translation>选项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Subcommands</source>
        <translation>子命令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Print this help message and exit</source>
        <translation>显示此帮助信息并退出</translation>
    </message>
    <message>
        <location filename="../cli/commandline/toplevel.cpp" line="+13"/>
        <source>EpochScope: train LSTM models and find out why training is slow</source>
        <translation>EpochScope：训练 LSTM 模型，并找出训练慢的原因</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>epochscope-cli: error: %1
Run with --help for more information.
</source>
        <translation>epochscope-cli：错误：%1
使用 --help 运行可查看更多信息。
</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Exit status: 0 finished, 1 the run failed, 2 bad input (nothing ran), 128+N stopped by signal N (130 Ctrl+C, 143 SIGTERM, 129 SIGHUP).
Documentation: docs/cli.md, docs/config.md, docs/summary.md.</source>
        <translation>退出状态：0 完成，1 运行失败，2 输入有误（未运行任何内容），128+N 被信号 N 停止（130 Ctrl+C，143 SIGTERM，129 SIGHUP）。
文档：docs/cli.md、docs/config.md、docs/summary.md。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Display program version information and exit</source>
        <translation>显示程序版本信息并退出</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Language of the output, findings and reports: en or zh_CN (default: from LC_ALL, LC_MESSAGES or LANG)</source>
        <translation>输出语言：en 或 zh_CN（默认取自 LC_ALL、LC_MESSAGES 或 LANG）</translation>
    </message>
    <message>
        <location filename="../cli/commandline/traincommandline.cpp" line="+361"/>
        <source>Train a model and report where the time went</source>
        <translation>训练模型，并报告时间花在了哪里</translation>
    </message>
    <message>
        <location line="-283"/>
        <source>Run config file (JSON, docs/config.md)</source>
        <translation>运行配置文件（JSON，docs/config.md）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Built-in preset (see `presets`)</source>
        <translation>内置预设（见 `presets`）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Number of epochs (training.epochs)</source>
        <translation>轮数（training.epochs）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Stop each epoch after N batches (training.steps_per_epoch)</source>
        <translation>每轮在 N 个批次后结束（training.steps_per_epoch）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Forward and backward passes without updates before training, timed as the Warm-up phase (training.warmup_steps)</source>
        <translation>训练前不更新权重的前向和反向计算次数，计入预热阶段（training.warmup_steps）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Intra-op CPU threads, 0 for one per core (device.intra_op_threads)</source>
        <translation>CPU 算子内线程数，0 表示每个核心一个（device.intra_op_threads）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cpu, cuda or cuda:N (device.name)</source>
        <translation>cpu、cuda 或 cuda:N（device.name）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>LSTM backend: auto, libtorch or onednn (backend)</source>
        <translation>LSTM 后端：auto、libtorch 或 onednn（backend）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Host allocator for tensors: auto, system, glibc-tuned, jemalloc or tcmalloc (device.allocator)</source>
        <translation>张量的主机内存分配器：auto、system、glibc-tuned、jemalloc 或 tcmalloc（device.allocator）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Inputs in a .npy file (replaces data.source)</source>
        <translation>.npy 文件中的输入（取代 data.source）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Targets in a .npy file, one per sample of --x</source>
        <translation>.npy 文件中的目标值，--x 的每个样本一个</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Validation inputs in a .npy file</source>
        <translation>.npy 文件中的验证输入</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Validation targets in a .npy file</source>
        <translation>.npy 文件中的验证目标值</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Start N ranks of a distributed run on this machine, as torchrun --nproc-per-node N does</source>
        <translation>在本机启动分布式运行的 N 个进程，如同 torchrun --nproc-per-node N</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>This process&apos;s rank, 0 to N-1, for ranks started by hand (with --world-size and --master)</source>
        <translation>本进程的编号（0 到 N-1），用于手动启动的进程（与 --world-size 和 --master 一起给出）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>How many processes train together (distributed.world_size)</source>
        <translation>共同训练的进程数（distributed.world_size）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Where the ranks meet: rank 0&apos;s host and a free port (distributed.init tcp://HOST:PORT)</source>
        <translation>各进程的会合点：0 号进程的主机和一个空闲端口（distributed.init tcp://HOST:PORT）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Network interface or address of this machine the ranks talk over (distributed.interface)</source>
        <translation>各进程通信所用的本机网络接口或地址（distributed.interface）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Write the run summary (JSON) here</source>
        <translation>把运行摘要（JSON）写到此文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Print errors only</source>
        <translation>只输出错误</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../cli/commandline/whatifcommandline.cpp" line="+104"/>
        <source>Run database to record into</source>
        <translation>记录到的运行数据库</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A recorded run (normally the same config on one process) to measure this run&apos;s scaling efficiency against</source>
        <translation>一个已记录的运行（通常是同一配置的单进程运行），用来衡量本次运行的扩展效率</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Do not record the run in the run database</source>
        <translation>不在运行数据库中记录本次运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start fresh instead of resuming from the backup_and_restore backup (replaced at the first save)</source>
        <translation>从头开始，不从 backup_and_restore 的备份恢复（备份在第一次保存时被替换）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Let the config&apos;s callbacks write outside the current directory and the config file&apos;s folder (a config may come from someone else)</source>
        <translation>允许配置中的回调写到当前目录和配置文件所在文件夹之外（配置可能来自他人）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Let the config&apos;s callbacks replace or append to files that EpochScope did not write</source>
        <translation>允许配置中的回调替换或追加写入并非 EpochScope 写的文件</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>distributed.world_size is %1 in the config, %2 from %3: %2 ranks train</source>
        <translation>配置中的 distributed.world_size 为 %1，%3 给出 %2：由 %2 个进程训练</translation>
    </message>
    <message>
        <location filename="../cli/commandline/evaluatecommandline.cpp" line="+38"/>
        <source>Evaluate a saved model on the config&apos;s validation data</source>
        <translation>在配置的验证数据上评估已保存的模型</translation>
    </message>
    <message>
        <location filename="../cli/commandline/savedmodeloptions.cpp" line="+20"/>
        <source>A model_checkpoint file or a backup_and_restore backup</source>
        <translation>model_checkpoint 文件或 backup_and_restore 备份</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The run config the model was trained with</source>
        <translation>训练该模型时用的运行配置</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Or the built-in preset it was trained with</source>
        <translation>或训练它时用的内置预设</translation>
    </message>
    <message>
        <location filename="../cli/commandline/evaluatecommandline.cpp" line="+4"/>
        <location filename="../cli/commandline/predictcommandline.cpp" line="+153"/>
        <source>Print the result as JSON</source>
        <translation>以 JSON 输出结果</translation>
    </message>
    <message>
        <location filename="../cli/commandline/inspectcommandline.cpp" line="+17"/>
        <source>Show what data files hold and what training would do with them</source>
        <translation>显示数据文件的内容，以及训练会如何使用它们</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>.npy, .npz or .csv files</source>
        <translation>.npy、.npz 或 .csv 文件</translation>
    </message>
    <message>
        <location filename="../cli/commandline/envcommandline.cpp" line="+26"/>
        <source>Check this machine and LibTorch build for what slows training (docs/env.md)</source>
        <translation>检查本机和 LibTorch 构建中拖慢训练的因素（docs/env.md）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Print the report as JSON</source>
        <translation>以 JSON 输出报告</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Intra-op threads to check and measure with, 0 for one per physical core</source>
        <translation>检查和测量时用的算子内线程数，0 表示每个物理核心一个</translation>
    </message>
    <message>
        <location filename="../cli/commandline/runscommandline.cpp" line="+46"/>
        <source>List, show, export or delete recorded runs (docs/runs.md)</source>
        <translation>列出、显示、导出或删除已记录的运行（docs/runs.md）</translation>
    </message>
    <message>
        <location filename="../cli/commandline/comparecommandline.cpp" line="+32"/>
        <location filename="../cli/commandline/diagnosecommandline.cpp" line="+24"/>
        <location filename="../cli/commandline/profilecommandline.cpp" line="+21"/>
        <location filename="../cli/commandline/runscommandline.cpp" line="+3"/>
        <location filename="../cli/commandline/savedmodeloptions.cpp" line="+19"/>
        <source>Run database</source>
        <translation>运行数据库</translation>
    </message>
    <message>
        <location filename="../cli/commandline/runscommandline.cpp" line="+6"/>
        <source>One line per run, newest first</source>
        <translation>每个运行一行，最新的在前</translation>
    </message>
    <message>
        <location filename="../cli/commandline/diagnosecommandline.cpp" line="-2"/>
        <location filename="../cli/commandline/runscommandline.cpp" line="+6"/>
        <location line="+6"/>
        <location line="+15"/>
        <source>Run id (see `runs list`)</source>
        <translation>运行 ID（见 `runs list`）</translation>
    </message>
    <message>
        <location filename="../cli/commandline/runscommandline.cpp" line="-24"/>
        <source>A run&apos;s facts, per-epoch phase times and checkpoints</source>
        <translation>运行的概况、每轮各阶段耗时和检查点</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Write a run to a file</source>
        <translation>把运行写入文件</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>json, csv (one row per step) or trace (Chrome/Perfetto)</source>
        <translation>json、csv（每步一行）或 trace（Chrome/Perfetto）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>File to write</source>
        <translation>要写入的文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Delete a run and its records</source>
        <translation>删除运行及其记录</translation>
    </message>
    <message>
        <location filename="../cli/commandline/diagnosecommandline.cpp" line="-6"/>
        <source>Why a recorded run is slow: findings with evidence and fixes (docs/diagnosis.md)</source>
        <translation>已记录的运行为什么慢：带证据和修复方法的诊断结果（docs/diagnosis.md）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Print the findings as JSON</source>
        <translation>以 JSON 输出诊断结果</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skip measuring this machine (no machine findings, no SGEMM peak)</source>
        <translation>不测量本机（没有本机的检查结果，也没有 SGEMM 峰值）</translation>
    </message>
    <message>
        <location filename="../cli/commandline/whatifcommandline.cpp" line="-64"/>
        <source>The baseline run config (JSON)</source>
        <translation>基线运行配置（JSON）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Or a built-in preset as the baseline</source>
        <translation>或以内置预设为基线</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Or a recorded run as the baseline; without --vary or --patch, its findings&apos; fixes are the variants</source>
        <translation>或以已记录的运行为基线；不给 --vary 或 --patch 时，以其诊断结果的修复方法作为变体</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Values to try for a config key: threads, batch_size, placement, prefetch, backend, device, or a path such as callbacks[0].save_freq; for a script after --, env:NAME=V1,V2, arg:--flag=V1,V2 or threads=V1,V2 (repeatable)</source>
        <translation>要尝试的配置键取值：threads、batch_size、placement、prefetch、backend、device，或 callbacks[0].save_freq 这样的路径；对 -- 之后的脚本，可用 env:NAME=V1,V2、arg:--flag=V1,V2 或 threads=V1,V2（可重复）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>A variant given as a JSON merge patch on the config (repeatable)</source>
        <translation>以配置的 JSON 合并补丁给出的变体（可重复）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Every combination of the --vary values instead of one factor at a time</source>
        <translation>尝试 --vary 取值的所有组合，而不是一次只改一个因素</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Steps each run takes before measuring</source>
        <translation>每次运行在测量前先走的步数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Steps each run measures</source>
        <translation>每次运行测量的步数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Runs per configuration, interleaved</source>
        <translation>每个配置的运行次数，交替进行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The experiment&apos;s name</source>
        <translation>实验名称</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Print the results as JSON (progress goes to stderr)</source>
        <translation>以 JSON 输出结果（进度输出到 stderr）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The stored experiments, newest first</source>
        <translation>已保存的实验，最新的在前</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A stored experiment&apos;s table, rebuilt from its runs</source>
        <translation>已保存实验的结果表，由其运行重新生成</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Experiment id (see `whatif list`)</source>
        <translation>实验 ID（见 `whatif list`）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>After --: a Python training script&apos;s command, the baseline of an experiment on its environment and arguments</source>
        <translation>-- 之后：Python 训练脚本的命令，作为针对其环境和参数的实验的基线</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>whatif takes one baseline: a script&apos;s command after --, or --config FILE, --preset NAME or --from-run ID</source>
        <translation>whatif 只接受一个基线：-- 之后的脚本命令，或 --config FILE、--preset NAME、--from-run ID</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>whatif needs --config FILE, --preset NAME or --from-run ID, or a script&apos;s command after --</source>
        <translation>whatif 需要 --config FILE、--preset NAME 或 --from-run ID，或 -- 之后的脚本命令</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Measure a config, or a Python script&apos;s run, against variants of it: step times, projected epoch time, speedup (docs/whatif.md)</source>
        <translation>将一个配置或一次 Python 脚本运行与其变体对比测量：步时间、预计轮时间、加速比（docs/whatif.md）</translation>
    </message>
    <message>
        <location filename="../cli/commandline/comparecommandline.cpp" line="-15"/>
        <source>Compare recorded runs: what differs and where the time went (docs/reports.md)</source>
        <translation>比较已记录的运行：有何不同，时间花在了哪里（docs/reports.md）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Run ids, the baseline first (see `runs list`)</source>
        <translation>运行 ID，基线在前（见 `runs list`）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Report file; .html, .pdf, .md, .csv or .json picks the format (default: Markdown on stdout)</source>
        <translation>报告文件；由 .html、.pdf、.md、.csv 或 .json 决定格式（默认：Markdown 输出到 stdout）</translation>
    </message>
    <message>
        <location filename="../cli/commandline/presetscommandline.cpp" line="+17"/>
        <source>List the built-in presets, or print one preset&apos;s full config as JSON</source>
        <translation>列出内置预设，或以 JSON 输出某个预设的完整配置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Preset to print</source>
        <translation>要输出的预设</translation>
    </message>
    <message>
        <location filename="../cli/commandline/traincommandline.cpp" line="+10"/>
        <source>train needs --config FILE or --preset NAME</source>
        <translation>train 需要 --config FILE 或 --preset NAME</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>expected a whole number from 1 to %1, got %2</source>
        <translation>应为 1 到 %1 之间的整数，实际为 %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>--ignore-backup: the config has no backup_and_restore callback, so there is no backup to ignore</source>
        <translation>--ignore-backup：配置中没有 backup_and_restore 回调，因此没有可忽略的备份</translation>
    </message>
    <message>
        <location filename="../cli/commandline/exportcommandline.cpp" line="+38"/>
        <source>Write a saved model for another framework: PyTorch (model.py, weights.pt, README.txt; docs/predict.md)</source>
        <translation>把已保存的模型导出供其他框架使用：PyTorch（model.py、weights.pt、README.txt；docs/predict.md）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>What to write: pytorch</source>
        <translation>导出格式：pytorch</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The directory to write, made whole or not at all; an existing one must be empty</source>
        <translation>要写入的目录，要么完整写出，要么完全不写；已存在的目录必须为空</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Replace the --out directory even when it is not empty</source>
        <translation>即使 --out 目录不为空也替换它</translation>
    </message>
    <message>
        <location filename="../cli/commandline/predictcommandline.cpp" line="-72"/>
        <source>Run a saved model on new inputs, save its predictions and score them against targets (docs/predict.md)</source>
        <translation>用已保存的模型对新输入做预测，保存预测结果，并对照目标值评分（docs/predict.md）</translation>
    </message>
    <message>
        <location line="-41"/>
        <source>predict needs the inputs: --x FILE, --text TEXT, or --validation for the validation samples of the model&apos;s own config</source>
        <translation>predict 需要输入：--x FILE、--text TEXT，或 --validation 使用模型自身配置的验证样本</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>--text-column and --label-column choose the columns of the CSV file --x names</source>
        <translation>--text-column 和 --label-column 用于选择 --x 所指 CSV 文件的列</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>--text is for a model trained on text (data.source text_csv or text_folder); this model reads arrays: give them with --x</source>
        <translation>--text 用于在文本上训练的模型（data.source 为 text_csv 或 text_folder）；此模型读取数组：请用 --x 提供</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>The inputs: a .npy file, an .npz member (archive.npz:NAME), or a CSV file cut into windows as the config&apos;s csv source says; for a model trained on text, a CSV/TSV file of texts or a folder of class folders</source>
        <translation>输入：.npy 文件、.npz 成员（archive.npz:NAME），或按配置的 csv 数据源切成窗口的 CSV 文件；对在文本上训练的模型，可以是文本的 CSV/TSV 文件或按类别分文件夹的文件夹</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Targets to score the predictions against (.npy or .npz member)</source>
        <translation>用来给预测结果评分的目标值（.npy 或 .npz 成员）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A text to predict, tokenized as the model was trained (repeat for several)</source>
        <translation>要预测的一段文本，按模型训练时的方式分词（可重复多次）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The text column of the --x CSV file, by header name or 1-based position (default: the config&apos;s text_csv one)</source>
        <translation>--x CSV 文件的文本列，按表头名称或从 1 开始的位置（默认：配置中 text_csv 的文本列）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Its label column, to score the predictions (with --text-column; without, the file&apos;s texts only)</source>
        <translation>它的标签列，用于给预测打分（与 --text-column 一起使用；不给则只读取文件中的文本）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Predict the validation samples of the config&apos;s own data, scored against their targets, instead of --x</source>
        <translation>改为预测配置自身数据中的验证样本（代替 --x），并对照其目标值评分</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Save the predictions as .npy (float32, samples x units) or .csv</source>
        <translation>把预测结果保存为 .npy（float32，samples x units）或 .csv</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Samples per forward pass (default: the config&apos;s batch_size)</source>
        <translation>每次前向计算的样本数（默认：配置中的 batch_size）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>cpu, cuda or cuda:N (default: the config&apos;s device.name)</source>
        <translation>cpu、cuda 或 cuda:N（默认：配置中的 device.name）</translation>
    </message>
    <message>
        <location filename="../cli/commandline/savedmodeloptions.cpp" line="-14"/>
        <source>Or a recorded run: its config and the checkpoint --use names (or --checkpoint)</source>
        <translation>或已记录的运行：使用它的配置和 --use 指定的检查点（或 --checkpoint 给出的文件）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>With --run: the best checkpoint by the callback&apos;s monitor, or the last one written</source>
        <translation>与 --run 一起使用：按回调的 monitor 选出的最佳检查点，或最后写入的检查点</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 needs --config FILE or --preset NAME with --checkpoint FILE, or --run ID</source>
        <translation>%1 需要 --config FILE 或 --preset NAME 加上 --checkpoint FILE，或者 --run ID</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 needs --config FILE or --preset NAME</source>
        <translation>%1 需要 --config FILE 或 --preset NAME</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 needs --checkpoint FILE</source>
        <translation>%1 需要 --checkpoint FILE</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>--use picks a checkpoint of --run ID</source>
        <translation>--use 用于从 --run ID 的运行中选择检查点</translation>
    </message>
    <message>
        <location filename="../cli/commandline/command.cpp" line="+32"/>
        <source>a subcommand is required: train, evaluate, predict, export, env, inspect, runs, diagnose, profile, compare, whatif, presets or keras</source>
        <translation>需要一个子命令：train、evaluate、predict、export、env、inspect、runs、diagnose、profile、compare、whatif、presets 或 keras</translation>
    </message>
    <message>
        <location filename="../cli/commandline/profilecommandline.cpp" line="-5"/>
        <source>Run a Python training script unchanged and record its steps split into phases, live (docs/profile.md)</source>
        <translation>原样运行 Python 训练脚本，实时记录其每一步并拆分为各阶段（docs/profile.md）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Run name (default: the script&apos;s file name)</source>
        <translation>运行名称（默认：脚本的文件名）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Folder the script runs in (default: this one)</source>
        <translation>脚本运行所在的文件夹（默认：当前文件夹）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>After --: the Python interpreter, the script and its arguments</source>
        <translation>在 -- 之后：Python 解释器、脚本及其参数</translation>
    </message>
</context>
<context>
    <name>EvaluateCommand</name>
    <message>
        <location filename="../cli/evaluatecommand.cpp" line="+32"/>
        <source>Checkpoint: %1 (%2)</source>
        <translation>检查点：%1（%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Data: %1; %2 validation samples on %3</source>
        <translation>数据：%1；%2 个验证样本，在 %3 上</translation>
    </message>
</context>
<context>
    <name>Experiment</name>
    <message>
        <location filename="../engine/whatif/experiment.cpp" line="+110"/>
        <source>the data gives %1 steps per epoch (%2 samples in batches of %3); --warmup-steps %4 leaves no step to measure</source>
        <translation>数据每轮只有 %1 步（%2 个样本，批大小 %3）；--warmup-steps %4 之后没有可测量的步</translation>
    </message>
    <message>
        <location line="+242"/>
        <source>nothing to measure: give --vary KEY=V1,V2,... or --patch JSON</source>
        <translation>没有可测量的内容：请给出 --vary KEY=V1,V2,... 或 --patch JSON</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>nothing to measure: every variant has the baseline&apos;s config (%1)</source>
        <translation>没有可测量的内容：每个变体的配置都与基线相同（%1）</translation>
    </message>
</context>
<context>
    <name>ExperimentReport</name>
    <message>
        <location filename="../engine/whatif/experimentreport.cpp" line="+97"/>
        <source>%1 + %2 warm-up</source>
        <translation>%1 + 预热 %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 steps per epoch</source>
        <translation>每轮 %1 步</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+146"/>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location line="-144"/>
        <source>each configuration&apos;s steps per epoch (%1)</source>
        <translation>各配置的每轮步数（%1）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Not projected: no run got through a whole epoch of the script, so its steps per epoch are unknown. Speedup = the baseline&apos;s median ms per step over the configuration&apos;s.</source>
        <translation>未预计：没有任何运行跑完脚本的一整轮，因此每轮步数未知。加速比 = 基线每步中位毫秒数 / 该配置的每步中位毫秒数。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Projected, not measured: epoch s = median ms per step x %1, counted in the first epoch a run got through whole; speedup = the baseline&apos;s projected epoch s over the configuration&apos;s, or, where either has none, the baseline&apos;s median ms per step over the configuration&apos;s.</source>
        <translation>为预计值而非测量值：轮秒数 = 每步中位毫秒数 x %1（按运行跑完的第一个完整轮计数）；加速比 = 基线预计轮秒数 / 该配置的预计轮秒数，若任一方没有该值，则为基线每步中位毫秒数 / 该配置的每步中位毫秒数。</translation>
    </message>
    <message>
        <location line="+125"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>What-if &quot;%1&quot; (experiment %2): %3 warm-up + %4 measured steps per run, %5 repeat per configuration, interleaved</source>
        <translation>假设实验“%1”（实验 %2）：每次运行预热 %3 步 + 实测 %4 步，每个配置重复 %5 次，交替进行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What-if &quot;%1&quot; (experiment %2): %3 warm-up + %4 measured steps per run, %5 repeats per configuration, interleaved</source>
        <translation>假设实验“%1”（实验 %2）：每次运行预热 %3 步 + 实测 %4 步，每个配置重复 %5 次，交替进行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>What-if &quot;%1&quot;: %2 warm-up + %3 measured steps per run, %4 repeat per configuration, interleaved</source>
        <translation>假设实验“%1”：每次运行预热 %2 步 + 实测 %3 步，每个配置重复 %4 次，交替进行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What-if &quot;%1&quot;: %2 warm-up + %3 measured steps per run, %4 repeats per configuration, interleaved</source>
        <translation>假设实验“%1”：每次运行预热 %2 步 + 实测 %3 步，每个配置重复 %4 次，交替进行</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>runs</source>
        <translation>运行数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min ms</source>
        <translation>最小 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>median ms</source>
        <translation>中位数 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max ms</source>
        <translation>最大 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>first step ms</source>
        <translation>首步 ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>epoch s (projected)</source>
        <translation>每轮 s（推算）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tensor peak MB</source>
        <translation>张量峰值 MB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>phases that changed most (median vs baseline)</source>
        <translation>变化最大的阶段（中位数，相对基线）</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Measured: ms per step is the median step time of each run&apos;s measured window; min, median and max are over the runs. First step ms is the median of the runs&apos; first steps, which the window leaves out: the one-time cost of the configuration, with the time of its warm-up steps (training.warmup_steps) after the +. Loss is the mean training loss of each run&apos;s measured window (the median over the runs): a variant that changes the model, such as a layer&apos;s options, changes it too. Tensor peak MB is the most tensor memory a step of the window held (the median over the runs): diagnose a run of the experiment and memory-headroom projects the largest batch that fits from the batch sizes measured.</source>
        <translation>实测：每步毫秒数是每次运行测量窗口内步耗时的中位数；最小、中位和最大值取自各次运行。首步毫秒数是各次运行首步（窗口不包含）的中位数：该配置的一次性开销，+ 之后是其预热步（training.warmup_steps）的时间。损失是每次运行测量窗口内训练损失的平均值（取各次运行的中位数）：改变模型的变体（例如某层的选项）也会改变它。张量峰值 MB 是窗口内单步张量内存占用的最大值（取各次运行的中位数）：诊断该实验中的任一次运行，memory-headroom 就会根据测得的各批大小推算放得下的最大批。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Projected, not measured: epoch s = median ms per step x %1 of the full config; speedup = the baseline&apos;s projected epoch s over the configuration&apos;s.</source>
        <translation>推算（非实测）：每轮 s = 每步 ms 中位数 × 完整配置的%1；加速比 = 基线推算的每轮 s 除以该配置的每轮 s。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Skipped %1</source>
        <translation>已跳过 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stopped before the end: %1 runs ran; the numbers come from those that completed.</source>
        <translation>提前停止：共运行了 %1 次；数字来自已完成的运行。</translation>
    </message>
</context>
<context>
    <name>ExportCommand</name>
    <message>
        <location filename="../cli/exportcommand.cpp" line="+32"/>
        <source>--format: &quot;%1&quot; is not a format export writes; the one there is: pytorch</source>
        <translation>--format：export 不能写出 &quot;%1&quot; 格式；目前只有一种：pytorch</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Checkpoint: %1 (%2)</source>
        <translation>检查点：%1（%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Wrote %1 for PyTorch into %2: %3 (%4 parameters; input %5)</source>
        <translation>已将 %1 导出为 PyTorch 模型，写入 %2：%3（%4 个参数；输入 %5）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Load it in Python as %1/README.txt shows.</source>
        <translation>请按 %1/README.txt 中的说明在 Python 中加载它。</translation>
    </message>
</context>
<context>
    <name>ExportDirectory</name>
    <message>
        <location filename="../engine/export/exportdirectory.cpp" line="+27"/>
        <source>is a directory that is not empty; name a new or empty one, or add --force to replace it</source>
        <translation>是一个非空目录；请指定一个新的或空的目录，或加上 --force 替换它</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>name a directory of its own</source>
        <translation>请指定一个有自己名称的目录</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>is a symbolic link; name the directory itself</source>
        <translation>是符号链接；请直接指定目录本身</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>exists and is not a directory</source>
        <translation>已存在且不是目录</translation>
    </message>
</context>
<context>
    <name>HostMemory</name>
    <message>
        <location filename="../engine/data/hostmemory.cpp" line="+71"/>
        <source>%1 needs %2 bytes (%3) but only %4 bytes (%5) of memory are available (MemAvailable in /proc/meminfo)</source>
        <translation>%1需要 %2 字节（%3），但可用内存只有 %4 字节（%5）（/proc/meminfo 中的 MemAvailable）</translation>
    </message>
</context>
<context>
    <name>InputBoundRule</name>
    <message>
        <location filename="../engine/diagnosis/inputboundrule.cpp" line="+74"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Steps wait for their data: %1 of the steady step time</source>
        <translation>各步在等待数据：占稳态步耗时的 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>longest waits (over twice the median wait) in %1</source>
        <translation>最长的等待（超过等待中位数的两倍）出现在%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>spread over %1</source>
        <translation>分布在%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>data_wait (the time in the DataLoader&apos;s iteration) takes %1 of the steady steps&apos; time (%2 ms of %3 ms per step, means over %4 steady steps), %5.</source>
        <translation>data_wait（在 DataLoader 迭代中花费的时间）占稳定步时间的 %1（每步 %3 ms 中的 %2 ms，%4 个稳定步的平均值），%5。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>data_wait takes %1 of the steady steps&apos; time (%2 ms of %3 ms per step, means over %4 steady steps), %5; prefetch %6, placement %7.</source>
        <translation>data_wait 占稳态步耗时的 %1（每步 %3 ms 中的 %2 ms，为 %4 个稳态步的平均值），%5；预取 %6，数据放置 %7。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Prepare batches ahead on a loader thread: set data.prefetch to %1 so that gathering the next batch overlaps the current step (the batch order stays the same). The loader thread needs a core of its own: on a machine with few cores it competes with the intra-op threads.</source>
        <translation>在加载线程上提前准备批次：把 data.prefetch 设为 %1，让下一个批次的收集与当前步重叠（批次顺序不变）。加载线程需要一个独占的核心：在核心很少的机器上，它会与算子内线程争抢。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The loader thread falls behind with data.prefetch %1: try %2. A deeper queue absorbs bursts (a slow read); if the loader is slower than the step on average, it still waits, and the batch preparation itself must get cheaper (an in-memory source; on a GPU, data.placement &quot;device&quot; gathers batches where the data lives).</source>
        <translation>在 data.prefetch 为 %1 时加载线程跟不上：试试 %2。更深的队列能吸收突发（一次慢读取）；如果加载线程平均比一步慢，仍会等待，这时必须让批次准备本身更省时（使用内存中的数据源；在 GPU 上，data.placement &quot;device&quot; 会在数据所在处收集批次）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>data.prefetch is already at its maximum (%1), so the loader is slower than the step on average: make the batch preparation cheaper (an in-memory source; on a GPU, data.placement &quot;device&quot; gathers batches where the data lives).</source>
        <translation>data.prefetch 已经是最大值（%1），说明加载线程平均比一步慢：请让批次准备更省时（使用内存中的数据源；在 GPU 上，data.placement &quot;device&quot; 会在数据所在处收集批次）。</translation>
    </message>
</context>
<context>
    <name>InputFile</name>
    <message>
        <location filename="../engine/config/inputfile.cpp" line="+28"/>
        <source>a directory</source>
        <translation>目录</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a FIFO (named pipe)</source>
        <translation>FIFO（命名管道）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a character device</source>
        <translation>字符设备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a block device</source>
        <translation>块设备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a special file</source>
        <translation>特殊文件</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>is %1, not a regular file: only regular files are read</source>
        <translation>是%1，不是普通文件：只读取普通文件</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>cannot open the file: %1</source>
        <translation>无法打开文件：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>cannot read the file&apos;s status: %1</source>
        <translation>无法读取文件状态：%1</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the file was truncated while it was read: got %1 of %2 bytes</source>
        <translation>文件在读取期间被截断：只得到 %2 字节中的 %1 字节</translation>
    </message>
</context>
<context>
    <name>InspectCommand</name>
    <message>
        <location filename="../engine/data/datafiledescription.cpp" line="+68"/>
        <source>size unknown</source>
        <translation>大小未知</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1, big-endian</source>
        <translation>%1，大端序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, little-endian</source>
        <translation>%1，小端序</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, Fortran order</source>
        <translation>%1，Fortran 顺序</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, C order</source>
        <translation>%1，C 顺序</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no values</source>
        <translation>没有值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no finite values</source>
        <translation>没有有限值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>min %1, max %2</source>
        <translation>最小 %1，最大 %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1; no NaN or infinity</source>
        <translation>%1；没有 NaN 或无穷大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1; %2 NaN and %3 infinite values, the first at %4 (training refuses them: fill or drop those samples)</source>
        <translation>%1；%2 个 NaN 和 %3 个无穷大值，第一个在 %4（训练会拒绝它们：请填补或去掉这些样本）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+24"/>
        <location line="+3"/>
        <source>as x</source>
        <translation>作为 x</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>float features for an LSTM: %1 samples of %2</source>
        <translation>LSTM 的浮点特征：%1 个样本，每个为 %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+33"/>
        <source>as y</source>
        <translation>作为 y</translation>
    </message>
    <message>
        <location line="-32"/>
        <location line="+31"/>
        <source>%1 targets</source>
        <translation>%1 个目标值</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>token ids for an Embedding: %1 sequences of %2</source>
        <translation>Embedding 的词元 ID：%1 个序列，每个长 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>token ids for an Embedding: %1 sequences of %2; the Embedding&apos;s input_dim must be at least %3</source>
        <translation>Embedding 的词元 ID：%1 个序列，每个长 %2；Embedding 的 input_dim 至少要为 %3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>an LSTM needs a feature axis: save x[..., np.newaxis] for %1</source>
        <translation>LSTM 需要一个特征轴：请保存 x[..., np.newaxis]，得到 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 targets, all in [0, 1] (fit for binary_crossentropy)</source>
        <translation>%1 个目标值，都在 [0, 1] 内（适用于 binary_crossentropy）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>usable</source>
        <translation>用途</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not as x or y: training reads (samples, timesteps, features) features, (samples, timesteps) token ids or (samples,) targets</source>
        <translation>不能作为 x 或 y：训练读取的是 (samples, timesteps, features) 形状的特征、(samples, timesteps) 形状的词元 ID 或 (samples,) 形状的目标值</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>values</source>
        <translation>取值</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: NumPy .npy, format %2.%3, %4</source>
        <translation>%1：NumPy .npy，格式 %2.%3，%4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>array</source>
        <translation>数组</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no x_train/y_train pair: name the arrays in data.source.x and data.source.y</source>
        <translation>没有 x_train/y_train 数组对：请在 data.source.x 和 data.source.y 中指定数组名</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>x = %1, y = %2, validation x = %3, y = %4</source>
        <translation>x = %1，y = %2，验证 x = %3，y = %4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>x = %1, y = %2, validation from data.validation_split (no x_val/y_val pair)</source>
        <translation>x = %1，y = %2，验证数据按 data.validation_split 划分（没有 x_val/y_val 数组对）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: NumPy .npz archive, %2 array, %3</source>
        <translation>%1：NumPy .npz 归档，%2 个数组，%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: NumPy .npz archive, %2 arrays, %3</source>
        <translation>%1：NumPy .npz 归档，%2 个数组，%3</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>tab</source>
        <translation>制表符</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: CSV, %2</source>
        <translation>%1：CSV，%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>layout</source>
        <translation>格式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>delimiter %1, header row, %2 data rows</source>
        <translation>分隔符 %1，有表头行，%2 个数据行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delimiter %1, no header row, %2 data rows</source>
        <translation>分隔符 %1，无表头行，%2 个数据行</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>column</source>
        <translation>列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 &quot;%2&quot;: min %3, max %4</source>
        <translation>%1 &quot;%2&quot;：最小 %3，最大 %4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>skipped</source>
        <translation>跳过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&quot;%1&quot;: text in the first data row, so not a feature or target</source>
        <translation>&quot;%1&quot;：第一个数据行中是文本，因此不作为特征或目标</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>choose features and target columns by name or 0-based index; a window of T rows with the target H rows later, every S rows, gives floor((%1 - T - H) / S) + 1 samples (%2 for T = %3, H = %4, S = 1)</source>
        <translation>按列名或从 0 开始的索引选择特征列和目标列；每隔 S 行取一个 T 行的窗口、目标取其后第 H 行，可得到 floor((%1 - T - H) / S) + 1 个样本（T = %3、H = %4、S = 1 时为 %2 个）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>choose features and target columns by name or 0-based index; a window of T rows with the target H rows later, every S rows, gives floor((%1 - T - H) / S) + 1 samples</source>
        <translation>按列名或从 0 开始的索引选择特征列和目标列；每隔 S 行取一个 T 行的窗口、目标取其后第 H 行，可得到 floor((%1 - T - H) / S) + 1 个样本</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>as data</source>
        <translation>作为数据</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no such file</source>
        <translation>文件不存在</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>is a directory; expected a .npy, .npz or .csv file</source>
        <translation>是一个目录；应为 .npy、.npz 或 .csv 文件</translation>
    </message>
</context>
<context>
    <name>Interrupt</name>
    <message>
        <location filename="../cli/interrupt.cpp" line="+158"/>
        <source>cannot install the handler of SIGINT, SIGTERM and SIGHUP</source>
        <translation>无法安装 SIGINT、SIGTERM 和 SIGHUP 的处理程序</translation>
    </message>
</context>
<context>
    <name>JsonDocument</name>
    <message>
        <location filename="../engine/config/jsondocument.cpp" line="+51"/>
        <source>duplicate key; JSON keeps only the last value, so the earlier ones would be silently ignored</source>
        <translation>重复的键；JSON 只保留最后一个值，前面的值会被悄无声息地忽略</translation>
    </message>
    <message>
        <location line="+101"/>
        <source>line %1, column %2: %3</source>
        <translation>第 %1 行，第 %2 列：%3</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>unexpected end of input: the text is empty, and a JSON value was expected</source>
        <translation>输入意外结束：文本为空，而此处应有一个 JSON 值</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>JSON nested more than %1 levels deep; a run config needs four</source>
        <translation>JSON 嵌套超过 %1 层；运行配置只需要四层</translation>
    </message>
</context>
<context>
    <name>JsonPath</name>
    <message>
        <location filename="../engine/whatif/jsonpath.cpp" line="+47"/>
        <source>&apos;%1&apos; at character %2: expected a key (letters, digits, &apos;_&apos;)</source>
        <translation>&apos;%1&apos; 第 %2 个字符处：应为键（字母、数字、&apos;_&apos;）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&apos;%1&apos; at character %2: expected an array index such as [0]</source>
        <translation>&apos;%1&apos; 第 %2 个字符处：应为数组下标，例如 [0]</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&apos;%1&apos; at character %2: expected &apos;.&apos; or &apos;[&apos;</source>
        <translation>&apos;%1&apos; 第 %2 个字符处：应为 &apos;.&apos; 或 &apos;[&apos;</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>%1 is not there (the config has %2 entries)</source>
        <translation>%1 不存在（配置中只有 %2 项）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: its parent is not an object</source>
        <translation>%1：其上一级不是对象</translation>
    </message>
</context>
<context>
    <name>JsonReader</name>
    <message>
        <location filename="../engine/config/jsonreader.cpp" line="+46"/>
        <source>required key is missing; expected a positive integer</source>
        <translation>缺少必需的键；应为正整数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>required key is missing; expected a non-negative integer</source>
        <translation>缺少必需的键；应为非负整数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>required key is missing; expected an integer &gt;= %1</source>
        <translation>缺少必需的键；应为 &gt;= %1 的整数</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>expected a positive integer no larger than %1, got %2</source>
        <translation>应为不大于 %1 的正整数，实际为 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>expected a positive integer, got %1</source>
        <translation>应为正整数，实际为 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>expected a non-negative integer no larger than %1, got %2</source>
        <translation>应为不大于 %1 的非负整数，实际为 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>expected a non-negative integer, got %1</source>
        <translation>应为非负整数，实际为 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+177"/>
        <source>expected an integer in [%1, %2], got %3</source>
        <translation>应为 [%1, %2] 范围内的整数，实际为 %3</translation>
    </message>
    <message>
        <location line="-175"/>
        <source>expected an integer &gt;= %1, got %2</source>
        <translation>应为 &gt;= %1 的整数，实际为 %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>required key is missing; expected a number in %1</source>
        <translation>缺少必需的键；应为 %1 范围内的数值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>required key is missing; expected a positive number</source>
        <translation>缺少必需的键；应为正数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>required key is missing; expected a non-negative number</source>
        <translation>缺少必需的键；应为非负数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>required key is missing; expected a number &gt; %1</source>
        <translation>缺少必需的键；应为 &gt; %1 的数值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>required key is missing; expected a number &gt;= %1</source>
        <translation>缺少必需的键；应为 &gt;= %1 的数值</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>expected a number in %1, got %2</source>
        <translation>应为 %1 范围内的数值，实际为 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>expected a positive number, got %1</source>
        <translation>应为正数，实际为 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expected a non-negative number, got %1</source>
        <translation>应为非负数，实际为 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expected a number &gt; %1, got %2</source>
        <translation>应为 &gt; %1 的数值，实际为 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expected a number &gt;= %1, got %2</source>
        <translation>应为 &gt;= %1 的数值，实际为 %2</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>expected an object, got %1</source>
        <translation>应为对象，实际为 %1</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>contains a NUL byte (\u0000) at character %1, where a file name or a run name would be cut short; remove it</source>
        <translation>第 %1 个字符处含有 NUL 字节（\u0000），文件名或运行名称会在此处被截断；请删除它</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>required key is missing; expected an integer in [%1, %2]</source>
        <translation>缺少必需的键；应为 [%1, %2] 范围内的整数</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>required key is missing; expected true or false</source>
        <translation>缺少必需的键；应为 true 或 false</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>expected true or false, got %1</source>
        <translation>应为 true 或 false，实际为 %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>required key is missing; expected a string</source>
        <translation>缺少必需的键；应为字符串</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>required key is missing; expected a non-empty string</source>
        <translation>缺少必需的键；应为非空字符串</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>expected a string, got %1</source>
        <translation>应为字符串，实际为 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>expected a non-empty string, got %1</source>
        <translation>应为非空字符串，实际为 %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>required key is missing; expected one of %1</source>
        <translation>缺少必需的键；应为 %1 之一</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>expected one of %1, got %2</source>
        <translation>应为 %1 之一，实际为 %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>required key is missing; expected an object</source>
        <translation>缺少必需的键；应为对象</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>required key is missing; expected an array</source>
        <translation>缺少必需的键；应为数组</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>expected an array, got %1</source>
        <translation>应为数组，实际为 %1</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>unknown key; expected one of: %1</source>
        <translation>未知的键；应为以下之一：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown key; expected one of: %1; did you mean %2?</source>
        <translation>未知的键；应为以下之一：%1；是否想写 %2？</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>an array of 1 value</source>
        <translation>含 1 个值的数组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an array of %1 values</source>
        <translation>含 %1 个值的数组</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>binary data</source>
        <translation>二进制数据</translation>
    </message>
</context>
<context>
    <name>KerasArchive</name>
    <message>
        <location filename="../engine/keras/kerasarchive.cpp" line="+54"/>
        <location line="+210"/>
        <source>cannot read as a .keras archive (a zip file): %1</source>
        <translation>无法作为 .keras 归档（zip 文件）读取：%1</translation>
    </message>
    <message>
        <location line="-183"/>
        <source>corrupt archive entry: %1</source>
        <translation>归档条目已损坏：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>corrupt archive entry: sizes or compression method missing</source>
        <translation>归档条目已损坏：缺少大小或压缩方式</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>encrypted member: Keras never encrypts its archives</source>
        <translation>成员已加密：Keras 从不加密其归档</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>corrupt archive entry: compressed size %1 exceeds the %2-byte archive</source>
        <translation>归档条目已损坏：压缩大小 %1 超过了 %2 字节的归档</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>corrupt archive entry: stored member of %1 bytes claims %2 bytes of data</source>
        <translation>归档条目已损坏：%1 字节的未压缩成员声称有 %2 字节数据</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>corrupt archive entry: %1 deflated bytes cannot hold the %2 bytes claimed</source>
        <translation>归档条目已损坏：%1 字节的 deflate 数据不可能解压出声称的 %2 字节</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>compression method %1 is not supported: expected stored or deflate, as Python&apos;s zipfile writes them</source>
        <translation>不支持压缩方式 %1：应为 stored 或 deflate，即 Python 的 zipfile 所写的方式</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>declares %1 bytes, more than the %2 bytes this member of a Keras model ever needs</source>
        <translation>声明了 %1 字节，超过 Keras 模型的这个成员所需的上限 %2 字节</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>cannot read member: %1</source>
        <translation>无法读取成员：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+16"/>
        <source>corrupt member: %1</source>
        <translation>成员已损坏：%1</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>corrupt member: it ended after %1 of its %2 bytes</source>
        <translation>成员已损坏：在其 %2 字节中的第 %1 字节后就结束了</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>corrupt member: it holds more than the %1 bytes its entry declares</source>
        <translation>成员已损坏：其内容多于条目声明的 %1 字节</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 more</source>
        <translation>另有 %1 个</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>no config.json in the archive (it is empty): not a model saved by Keras 3 (model.save(&quot;model.keras&quot;))</source>
        <translation>归档中没有 config.json（归档为空）：不是 Keras 3 保存的模型（model.save(&quot;model.keras&quot;)）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no config.json in the archive (it holds %1): not a model saved by Keras 3 (model.save(&quot;model.keras&quot;))</source>
        <translation>归档中没有 config.json（其中有 %1）：不是 Keras 3 保存的模型（model.save(&quot;model.keras&quot;)）</translation>
    </message>
</context>
<context>
    <name>KerasCommand</name>
    <message>
        <location filename="../cli/kerascommand.cpp" line="+35"/>
        <source>Imported %1 (%2): %3</source>
        <translation>已导入 %1（%2）：%3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>  note: %1</source>
        <translation>  说明：%1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Wrote %1; train it with: epochscope-cli train --config %1</source>
        <translation>已写入 %1；训练命令：epochscope-cli train --config %1</translation>
    </message>
    <message>
        <location filename="../cli/commandline/kerascommandline.cpp" line="+25"/>
        <source>Bring Keras models in (docs/keras.md)</source>
        <translation>导入 Keras 模型（docs/keras.md）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Turn a Keras Sequential model (model.to_json() or a .keras archive) into a run config on synthetic data shaped like it</source>
        <translation>把 Keras Sequential 模型（model.to_json() 或 .keras 归档）转换为运行配置，使用与其形状相符的合成数据</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The model: JSON text or a .keras archive</source>
        <translation>模型：JSON 文本或 .keras 归档</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Write the run config to this file (written atomically) instead of printing it</source>
        <translation>把运行配置写入此文件（原子写入），而不是打印出来</translation>
    </message>
</context>
<context>
    <name>KerasImport</name>
    <message>
        <location filename="../engine/keras/importlog.cpp" line="+13"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (%2) in %3</source>
        <translation>%3 中的 %1 (%2)</translation>
    </message>
    <message>
        <location filename="../engine/keras/kerascompile.cpp" line="+109"/>
        <source>learning-rate schedules are not supported; EpochScope trains at one rate, which the reduce_lr_on_plateau callback can lower</source>
        <translation>不支持学习率调度；EpochScope 以单一学习率训练，可由 reduce_lr_on_plateau 回调降低</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>a positive number</source>
        <translation>一个正数</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Keras 2&apos;s per-step learning-rate decay is not supported</source>
        <translation>不支持 Keras 2 的逐步学习率衰减</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>EpochScope&apos;s optimizers have no decoupled weight decay; kernel_l2 adds an L2 penalty to the loss</source>
        <translation>EpochScope 的优化器没有解耦权重衰减；kernel_l2 会在损失中加入 L2 惩罚</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>EpochScope does not clip gradients</source>
        <translation>EpochScope 不裁剪梯度</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>EpochScope keeps no moving average of the weights</source>
        <translation>EpochScope 不保存权重的滑动平均</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EpochScope trains float32 without loss scaling</source>
        <translation>EpochScope 以 float32 训练，不做损失缩放</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>EpochScope updates the weights after every batch</source>
        <translation>EpochScope 在每个批次后都更新权重</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>compile: optimizer %1 is not supported; EpochScope has adam, sgd and rmsprop</source>
        <translation>compile：不支持优化器 %1；EpochScope 提供 adam、sgd 和 rmsprop</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>compile: optimizer %1</source>
        <translation>compile：优化器 %1</translation>
    </message>
    <message>
        <location line="-29"/>
        <location filename="../engine/keras/kerasimport.cpp" line="+157"/>
        <location filename="../engine/keras/kerasvalues.cpp" line="+144"/>
        <source>it names a custom class; EpochScope imports Keras&apos; own classes only</source>
        <translation>它指向一个自定义类；EpochScope 只导入 Keras 自带的类</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>EpochScope&apos;s Adam is without AMSGrad</source>
        <translation>EpochScope 的 Adam 不含 AMSGrad</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>EpochScope&apos;s RMSprop is the uncentered one</source>
        <translation>EpochScope 的 RMSprop 是非中心化版本</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>compile: a loss per output (a list or dict) needs several outputs; a Sequential model has one</source>
        <translation>compile：按输出分别指定损失（列表或字典）需要多个输出；Sequential 模型只有一个</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>compile: loss %1 is not supported; EpochScope has mse, mae, binary_crossentropy, categorical_crossentropy and sparse_categorical_crossentropy</source>
        <translation>compile：不支持损失 %1；EpochScope 提供 mse、mae、binary_crossentropy、categorical_crossentropy 和 sparse_categorical_crossentropy</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>compile: loss %1</source>
        <translation>compile：损失 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>EpochScope&apos;s losses take probabilities: end the model with a sigmoid or softmax Dense layer</source>
        <translation>EpochScope 的损失以概率为输入：请以 sigmoid 或 softmax 的 Dense 全连接层结束模型</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>EpochScope does not smooth labels</source>
        <translation>EpochScope 不做标签平滑</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>EpochScope averages the loss over the batch (sum_over_batch_size)</source>
        <translation>EpochScope 对批次内的损失取平均（sum_over_batch_size）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>EpochScope counts every class</source>
        <translation>EpochScope 计入每个类别</translation>
    </message>
    <message>
        <location line="+5"/>
        <location filename="../engine/keras/kerasimport.cpp" line="+53"/>
        <location filename="../engine/keras/kerasoptions.cpp" line="+300"/>
        <source>EpochScope trains in float32 (&quot;float32&quot;)</source>
        <translation>EpochScope 以 float32 训练（&quot;float32&quot;）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>compile: metric %1 left out: EpochScope computes mae and accuracy (metrics only measure, so training is the same)</source>
        <translation>compile：已略去指标 %1：EpochScope 计算 mae 和 accuracy（指标只做测量，训练不变）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>compile: metrics: expected a list, got %1 (metrics per output need several outputs)</source>
        <translation>compile：metrics：应为列表，实际为 %1（按输出分别指定指标需要多个输出）</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>compile: weighted_metrics left out: EpochScope&apos;s data has no sample weights (metrics only measure, so training is the same)</source>
        <translation>compile：已略去 weighted_metrics：EpochScope 的数据没有样本权重（指标只做测量，训练不变）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>a weight other than 1 scales the loss and its gradients</source>
        <translation>不为 1 的权重会缩放损失及其梯度</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>EpochScope&apos;s data has no sample weights</source>
        <translation>EpochScope 的数据没有样本权重</translation>
    </message>
    <message>
        <location filename="../engine/keras/kerasdata.cpp" line="+56"/>
        <source>the model does not declare its input shape (no InputLayer, batch_input_shape or build_config), so the number of features %1 reads is unknown: build the model with keras.Input(shape=(timesteps, features)) before saving it</source>
        <translation>模型未声明输入形状（没有 InputLayer、batch_input_shape 或 build_config），因此 %1 读取的特征数未知：请在保存前用 keras.Input(shape=(timesteps, features)) 构建模型</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the model&apos;s input shape is %1, but %2 reads token ids shaped (batch, timesteps)</source>
        <translation>模型的输入形状为 %1，但 %2 读取形状为 (batch, timesteps) 的词元 id</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the model&apos;s input shape is %1, but EpochScope trains sequence models on float features shaped (batch, timesteps, features)</source>
        <translation>模型的输入形状为 %1，但 EpochScope 训练的序列模型以形状为 (batch, timesteps, features) 的浮点特征为输入</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>the model&apos;s input shape %1 leaves the number of features open (null); %2 needs it</source>
        <translation>模型的输入形状 %1 未确定特征数（null）；%2 需要它</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the model&apos;s input (%1 time steps of %2 features) is larger than EpochScope takes (%3 time steps, %4 features)</source>
        <translation>模型的输入（%1 个时间步，%2 个特征）超出 EpochScope 所能接受的范围（%3 个时间步，%4 个特征）</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>training.loss: the model was not compiled, so &quot;%1&quot; was chosen for %2 and the data&apos;s targets</source>
        <translation>training.loss：模型未编译，因此按 %2 和数据的目标选择了 &quot;%1&quot;</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>training.loss: &quot;binary_crossentropy&quot; became &quot;mse&quot;: the synthetic_regression source&apos;s targets are real numbers, not 0/1 labels; on your own 0/1 targets set it back</source>
        <translation>training.loss：&quot;binary_crossentropy&quot; 改为 &quot;mse&quot;：synthetic_regression 数据源的目标是实数，不是 0/1 标签；使用你自己的 0/1 目标时请改回</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>training.loss: &quot;%1&quot; became &quot;%2&quot;: the output has one unit (see above)</source>
        <translation>training.loss：&quot;%1&quot; 改为 &quot;%2&quot;：输出只有一个单元（见上文）</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1: units %2 became 1 and activation &quot;softmax&quot; became &quot;sigmoid&quot;: the model&apos;s loss does not train it as a classifier of %2 classes, and EpochScope&apos;s sources give one target per sample; the layers before it are as in Keras</source>
        <translation>%1：units %2 改为 1，activation &quot;softmax&quot; 改为 &quot;sigmoid&quot;：模型的损失并不把它作为 %2 个类别的分类器来训练，而 EpochScope 的数据源每个样本只给一个目标；此前的各层与 Keras 中相同</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1: a softmax over %2 classes; EpochScope&apos;s synthetic sources give at most %3</source>
        <translation>%1：在 %2 个类别上做 softmax；EpochScope 的合成数据源最多只提供 %3 个类别</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: input_dim %2 is below the %3 token ids the synthetic_tokens source needs (padding, a word per class and a neutral word)</source>
        <translation>%1：input_dim %2 少于 synthetic_tokens 数据源所需的 %3 个词元 id（填充、每个类别一个词和一个中性词）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>data: synthetic_tokens, %1 samples of %2 token ids below %3 (the Embedding&apos;s input_dim), pre-padded with id 0, each labelled with one of %4 classes; for your own data replace data.source (docs/config.md#source-npy)</source>
        <translation>数据：synthetic_tokens，%1 个样本，每个样本 %2 个小于 %3（Embedding 的 input_dim）的词元 id，前部以 id 0 填充，各标注为 %4 个类别之一；使用你自己的数据时请替换 data.source（docs/config.md#source-npy）</translation>
    </message>
    <message>
        <location line="-66"/>
        <source>the model ends with %1; EpochScope&apos;s data sources give one target per sample, which the model must predict with a Dense layer (of 1 unit)</source>
        <translation>模型以 %1 结束；EpochScope 的数据源每个样本只给一个目标，模型必须用（1 个单元的）Dense 全连接层来预测它</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1: units %2 became 1: EpochScope&apos;s data sources give one target per sample; the layers before it are as in Keras</source>
        <translation>%1：units %2 改为 1：EpochScope 的数据源每个样本只给一个目标；此前的各层与 Keras 中相同</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>data: synthetic_tokens, %1 samples of %2 token ids below %3 (the Embedding&apos;s input_dim), pre-padded with id 0, each with a 0/1 label; for your own data replace data.source (docs/config.md#source-npy)</source>
        <translation>数据：synthetic_tokens，%1 个样本，每个样本 %2 个小于 %3（Embedding 的 input_dim）的词元 id，前部以 id 0 填充，各带一个 0/1 标签；使用你自己的数据时请替换 data.source（docs/config.md#source-npy）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>data: synthetic_regression, %1 samples of %2 time steps x %3 features, each labelled with one of %4 classes (equally likely ranges of a hidden signal); for your own data replace data.source (docs/config.md#source-npy)</source>
        <translation>数据：synthetic_regression，%1 个样本，每个样本 %2 个时间步 x %3 个特征，各标注为 %4 个类别之一（即隐藏信号的各个等概率取值区间）；使用你自己的数据时请替换 data.source（docs/config.md#source-npy）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>data: synthetic_regression, %1 samples of %2 time steps x %3 features, each with one real-valued target; for your own data replace data.source (docs/config.md#source-npy)</source>
        <translation>数据：synthetic_regression，%1 个样本，每个样本 %2 个时间步 x %3 个特征，各带一个实数目标；使用你自己的数据时请替换 data.source（docs/config.md#source-npy）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>data.source.timesteps: the model takes sequences of any length (None), so the data has %1 time steps; model.input_shape is left to the data</source>
        <translation>data.source.timesteps：模型接受任意长度的序列（None），因此数据使用 %1 个时间步；model.input_shape 由数据决定</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>data.batch_size: %1, the batch size the model&apos;s input shape fixes</source>
        <translation>data.batch_size：%1，即模型输入形状所固定的批大小</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>training.optimizer: the file names none, so EpochScope&apos;s default &quot;%1&quot; (learning rate %2) was chosen</source>
        <translation>training.optimizer：文件未指定优化器，因此选用 EpochScope 的默认值 &quot;%1&quot;（学习率 %2）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>training.metrics: &quot;categorical_accuracy&quot; became &quot;accuracy&quot; on the one output</source>
        <translation>training.metrics：&quot;categorical_accuracy&quot; 改为单个输出上的 &quot;accuracy&quot;</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>training: %1 epoch of batches of %2 with a validation split of %3; model.fit()&apos;s arguments are not in the model file, so set epochs, batch_size and validation_split as your script does</source>
        <translation>训练：%1 轮，批大小 %2，验证集比例 %3；模型文件中没有 model.fit() 的参数，请按你的脚本设置 epochs、batch_size 和 validation_split</translation>
    </message>
    <message>
        <location filename="../engine/keras/kerasimport.cpp" line="-94"/>
        <source>not a Keras model&apos;s JSON: expected model.to_json()&apos;s {&quot;class_name&quot;: &quot;Sequential&quot;, &quot;config&quot;: ...}, got %1</source>
        <translation>不是 Keras 模型的 JSON：应为 model.to_json() 输出的 {&quot;class_name&quot;: &quot;Sequential&quot;, &quot;config&quot;: ...}，实际为 %1</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>only Sequential models can be imported: this is a functional model (keras.Model(inputs, outputs)); build the same chain of layers with keras.Sequential and export that</source>
        <translation>只能导入 Sequential 模型：这是一个函数式模型（keras.Model(inputs, outputs)）；请用 keras.Sequential 搭建同样的层链并导出</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>only Sequential models can be imported; this file holds %1</source>
        <translation>只能导入 Sequential 模型；此文件中是 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+40"/>
        <source>the model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>expected a version such as &quot;2.2.4&quot; or &quot;3.3.3&quot;</source>
        <translation>应为 &quot;2.2.4&quot; 或 &quot;3.3.3&quot; 这样的版本号</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>EpochScope trains every layer</source>
        <translation>EpochScope 训练每一层</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>written by Keras %1: Keras 1 models are not supported; load it in Keras 2 or 3 and export it again</source>
        <translation>由 Keras %1 写入：不支持 Keras 1 模型；请在 Keras 2 或 3 中加载后重新导出</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the model has no layers</source>
        <translation>模型没有任何层</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: an InputLayer must be the model&apos;s first layer</source>
        <translation>%1：InputLayer 必须是模型的第一层</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>%1: %2 rules out the fused LSTM and GRU kernels (oneDNN, cuDNN), as it rules out cuDNN in Keras; the run records the kernel each layer takes (docs/keras.md#which-kernel-runs-each-layer)</source>
        <translation>%1：%2 使该层无法使用融合的 LSTM 和 GRU 内核（oneDNN、cuDNN），正如在 Keras 中无法使用 cuDNN；运行会记录每层所用的内核（docs/keras.md#which-kernel-runs-each-layer）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1, imported as %2: %3</source>
        <translation>%1，导入为 %2：%3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the imported run config cannot train: %1</source>
        <translation>导入的运行配置无法训练：%1</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Imported from %1 by epochscope-cli keras import; written by %2</source>
        <translation>由 epochscope-cli keras import 从 %1 导入；由 %2 写入</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>metadata.json: keras_version %1 is not a Keras version; the version is read from the config instead</source>
        <translation>metadata.json：keras_version %1 不是 Keras 版本号；改从配置中读取版本</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the archive holds weights (%1); importing weights is not supported: the model starts from Keras&apos; initializers, drawn from the run&apos;s seed</source>
        <translation>归档中含有权重（%1）；不支持导入权重：模型从 Keras 的初始化器开始，由运行的种子抽取</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+15"/>
        <source>the file is larger than %1 MiB; a model&apos;s JSON is a few kB</source>
        <translation>文件大于 %1 MiB；模型的 JSON 只有几 kB</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>cannot open the file: %1</source>
        <translation>无法打开文件：%1</translation>
    </message>
    <message>
        <location filename="../engine/keras/keraslayers.cpp" line="+29"/>
        <source>%1: option %2 is missing; expected an integer from 1 to %3</source>
        <translation>%1：缺少选项 %2；应为 1 到 %3 的整数</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>EpochScope adds no penalty on a layer&apos;s output</source>
        <translation>EpochScope 不对层的输出添加惩罚</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>LoRA fine-tuning is not an EpochScope layer</source>
        <translation>EpochScope 没有 LoRA 微调层</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>EpochScope trains float32 weights</source>
        <translation>EpochScope 训练 float32 权重</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1: option &quot;recurrent_activation&quot; is missing, and its default depends on the Keras version (hard_sigmoid before 2.3, sigmoid since), which the file does not say; add it</source>
        <translation>%1：缺少选项 &quot;recurrent_activation&quot;，其默认值取决于 Keras 版本（2.3 之前为 hard_sigmoid，之后为 sigmoid），而文件没有说明版本；请补上该选项</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1: option &quot;reset_after&quot; is missing, and its default depends on the Keras version (false in Keras 2 up to 2.3, true from 2.4 and in Keras 3), which the file does not say; add it</source>
        <translation>%1：缺少选项 &quot;reset_after&quot;，其默认值取决于 Keras 版本（Keras 2 至 2.3 为 false，2.4 起及 Keras 3 为 true），而文件没有说明版本；请补上该选项</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>EpochScope adds L2 penalties on kernels only</source>
        <translation>EpochScope 只对核权重添加 L2 惩罚</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+62"/>
        <location line="+38"/>
        <source>EpochScope does not constrain weights after each step</source>
        <translation>EpochScope 不在每步之后约束权重</translation>
    </message>
    <message>
        <location line="-89"/>
        <source>a Sequential model passes on the output only; the states need the functional API</source>
        <translation>Sequential 模型只向后传递输出；状态需要函数式 API</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>in a Bidirectional layer the forward layer reads the sequence forward</source>
        <translation>在 Bidirectional 层中，前向层正向读取序列</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>each batch starts from a zero state in EpochScope; carrying the state from batch to batch is not supported</source>
        <translation>在 EpochScope 中每个批次都从零状态开始；不支持在批次之间传递状态</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>EpochScope&apos;s layers take (batch, timesteps, features)</source>
        <translation>EpochScope 的层以 (batch, timesteps, features) 为输入</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>EpochScope&apos;s layers carry their last output through masked steps, as Keras does by default</source>
        <translation>EpochScope 的层在被掩码的时间步上沿用上一个输出，与 Keras 的默认行为相同</translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+37"/>
        <source>EpochScope adds L2 penalties on LSTM and GRU kernels only</source>
        <translation>EpochScope 只对 LSTM 和 GRU 的核权重添加 L2 惩罚</translation>
    </message>
    <message>
        <location line="-24"/>
        <source>a positive integer or null</source>
        <translation>正整数或 null</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>EpochScope&apos;s embedding computes dense gradients</source>
        <translation>EpochScope 的嵌入层计算稠密梯度</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>%1: option &quot;rate&quot; is missing; expected a number from 0 up to but not 1</source>
        <translation>%1：缺少选项 &quot;rate&quot;；应为从 0 到 1（不含 1）的数</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>EpochScope drops each value on its own; a mask shared along axes is not supported</source>
        <translation>EpochScope 对每个值单独做丢弃；不支持沿轴共享的掩码</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>without a merge mode Keras returns the two directions as a list, which a Sequential model cannot pass on; use concat, sum, mul or ave</source>
        <translation>没有合并方式时 Keras 以列表返回两个方向的输出，Sequential 模型无法向后传递；请使用 concat、sum、mul 或 ave</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&quot;concat&quot;, &quot;sum&quot;, &quot;mul&quot; or &quot;ave&quot;</source>
        <translation>&quot;concat&quot;、&quot;sum&quot;、&quot;mul&quot; 或 &quot;ave&quot;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>constants passed to the wrapped cell need the functional API</source>
        <translation>传给被包装单元的常量需要函数式 API</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the wrapped LSTM or GRU layer</source>
        <translation>被包装的 LSTM 或 GRU 层</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>EpochScope&apos;s bidirectional layer wraps an LSTM or a GRU</source>
        <translation>EpochScope 的双向层包装的是 LSTM 或 GRU</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>it differs from the forward layer in %1, and EpochScope runs the backward direction as a copy of &quot;layer&quot; that reads the sequence in reverse</source>
        <translation>它在 %1 上与前向层不同，而 EpochScope 把反向方向作为 &quot;layer&quot; 的副本运行，反向读取序列</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>EpochScope feeds dense arrays</source>
        <translation>EpochScope 输入稠密数组</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>EpochScope feeds sequences of one length per batch</source>
        <translation>EpochScope 每个批次输入等长的序列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the model&apos;s input is required</source>
        <translation>模型的输入是必需的</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1: expected a shape (an array of positive integers and nulls), got %2</source>
        <translation>%1：应为形状（由正整数和 null 组成的数组），实际为 %2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: expected a layer ({&quot;class_name&quot;: ..., &quot;config&quot;: {...}}), got %2</source>
        <translation>%1：应为层（{&quot;class_name&quot;: ..., &quot;config&quot;: {...}}），实际为 %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1: layer type not supported; supported: %2</source>
        <translation>%1：不支持该层类型；支持的有：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: the layer has no &quot;config&quot; object</source>
        <translation>%1：该层没有 &quot;config&quot; 对象</translation>
    </message>
    <message>
        <location filename="../engine/keras/kerasoptions.cpp" line="-196"/>
        <source>%1: expected an object, got %2</source>
        <translation>%1：应为对象，实际为 %2</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+76"/>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <location line="-55"/>
        <source>an integer from %1 to %2</source>
        <translation>%1 到 %2 的整数</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>a number from %1 to %2</source>
        <translation>%1 到 %2 的数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a number from %1 up to but not %2</source>
        <translation>从 %1 到 %2（不含 %2）的数</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1: option %2 %3 is not supported; %4</source>
        <translation>%1：不支持选项 %2 取 %3；%4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: option %2 is not supported; %3</source>
        <translation>%1：不支持选项 %2；%3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: option %2: expected %3, got %4</source>
        <translation>%1：选项 %2：应为%3，实际为 %4</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1: option %2 %3 is not known to this importer, so what it changes cannot be carried over (docs/keras.md lists every option it reads)</source>
        <translation>%1：导入器不认识选项 %2（%3），无法转换它的作用（docs/keras.md 列出了导入器读取的所有选项）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: %2 left out: not known to this importer, and unset (null)</source>
        <translation>%1：已略去 %2：导入器不认识这些选项，且它们未设置（null）</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>EpochScope trains every layer (and imports no weights to keep frozen)</source>
        <translation>EpochScope 训练每一层（也不导入需要冻结的权重）</translation>
    </message>
    <message>
        <location filename="../engine/keras/kerasvalues.cpp" line="-58"/>
        <source>EpochScope has glorot_uniform, glorot_normal, he_uniform, he_normal, lecun_uniform, lecun_normal, orthogonal, zeros, ones, random_uniform, random_normal and truncated_normal, with Keras&apos; default arguments</source>
        <translation>EpochScope 提供 glorot_uniform、glorot_normal、he_uniform、he_normal、lecun_uniform、lecun_normal、orthogonal、zeros、ones、random_uniform、random_normal 和 truncated_normal，均使用 Keras 的默认参数</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1: VarianceScaling with scale %2, mode %3 and distribution %4 is none of the initializers EpochScope has; %5</source>
        <translation>%1：scale 为 %2、mode 为 %3、distribution 为 %4 的 VarianceScaling 不是 EpochScope 提供的任何初始化器；%5</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>EpochScope runs Keras&apos; initializers with their default arguments (%1 %2)</source>
        <translation>EpochScope 以 Keras 初始化器的默认参数运行它们（%1 %2）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>an object</source>
        <translation>一个对象</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: seed %2 left out: EpochScope draws every random number from the run&apos;s seed</source>
        <translation>%1：已略去种子 %2：EpochScope 的所有随机数都由运行的种子抽取</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>an initializer&apos;s name or object</source>
        <translation>初始化器的名称或对象</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+67"/>
        <source>%1, option %2 (%3)</source>
        <translation>%1，选项 %2 (%3)</translation>
    </message>
    <message>
        <location line="-53"/>
        <source>EpochScope&apos;s constant initializers are zeros and ones</source>
        <translation>EpochScope 的常量初始化器只有 zeros 和 ones</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>EpochScope adds L2 penalties (l2 * sum(W^2)) only, as kernel_l2 and recurrent_l2</source>
        <translation>EpochScope 只添加 L2 惩罚（l2 * sum(W^2)），即 kernel_l2 和 recurrent_l2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>a regularizer or null</source>
        <translation>正则化器或 null</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>an activation&apos;s name</source>
        <translation>激活函数的名称</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Keras 2&apos;s hard_sigmoid is clip(0.2 x + 0.5, 0, 1) and Keras 3&apos;s relu6(x + 3) / 6, and the file does not say which Keras wrote it (no keras_version): export it with model.to_json() or model.save(&quot;model.keras&quot;)</source>
        <translation>Keras 2 的 hard_sigmoid 是 clip(0.2 x + 0.5, 0, 1)，Keras 3 的是 relu6(x + 3) / 6，而文件没有说明由哪个 Keras 写入（没有 keras_version）：请用 model.to_json() 或 model.save(&quot;model.keras&quot;) 导出</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>a recurrent layer&apos;s activations are linear, relu, sigmoid, tanh or hard_sigmoid in EpochScope</source>
        <translation>在 EpochScope 中，循环层的激活函数可为 linear、relu、sigmoid、tanh 或 hard_sigmoid</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>EpochScope has linear, relu, sigmoid, tanh, softmax and hard_sigmoid</source>
        <translation>EpochScope 提供 linear、relu、sigmoid、tanh、softmax 和 hard_sigmoid</translation>
    </message>
    <message>
        <location filename="../engine/keras/kerasversion.cpp" line="+97"/>
        <source>Keras %1</source>
        <translation>Keras %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keras 2 (version not recorded)</source>
        <translation>Keras 2（未记录具体版本）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keras 3 (version not recorded)</source>
        <translation>Keras 3（未记录具体版本）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keras (version not recorded)</source>
        <translation>Keras（未记录版本）</translation>
    </message>
</context>
<context>
    <name>List</name>
    <message>
        <location filename="../engine/diagnosis/stragglersrule.cpp" line="-150"/>
        <location filename="../engine/i18n/translate.cpp" line="+95"/>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <location filename="../engine/i18n/translate.cpp" line="+2"/>
        <location filename="../engine/report/reportcharts.cpp" line="+64"/>
        <source>%1, %2</source>
        <translation>%1、%2</translation>
    </message>
</context>
<context>
    <name>LocalRanks</name>
    <message>
        <location filename="../cli/localranks.cpp" line="+30"/>
        <source>cannot read /proc/self/cmdline</source>
        <translation>无法读取 /proc/self/cmdline</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>cannot read /proc/self/exe</source>
        <translation>无法读取 /proc/self/exe</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1 received: no rank was started</source>
        <translation>收到 %1：未启动任何进程</translation>
    </message>
</context>
<context>
    <name>LowEfficiencyRule</name>
    <message>
        <location filename="../engine/diagnosis/lowefficiencyrule.cpp" line="+45"/>
        <source>The recurrent layers run unfused (LibTorch&apos;s CPU kernels, see the unfused-lstm finding): a small matrix product and element-wise operations per time step cannot reach the SGEMM rate; backend &quot;onednn&quot; runs each layer as one fused oneDNN primitive. </source>
        <translation>循环层以未融合方式运行（LibTorch 的 CPU 内核，见“未融合的 LSTM”诊断结果）：每个时间步一次小矩阵乘法加逐元素运算，达不到 SGEMM 的速率；后端 &quot;onednn&quot; 把每层作为一个融合的 oneDNN 原语运行。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Batches of %1 samples give matrix products of %1 rows, too small to run near the peak: try %2 or more (the data may not hold that many samples); a bigger batch changes training itself (fewer, larger steps per epoch; the learning rate may need retuning). </source>
        <translation>%1 个样本的批次得到 %1 行的矩阵乘法，太小，无法接近峰值：试试 %2 或更大（数据可能没有那么多样本）；更大的批次会改变训练本身（每轮步数更少、每步更大；学习率可能需要重新调整）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Batches of %1 samples give matrix products of %1 rows, too small to run near the peak: try %2 or more (the patch sets %2); a bigger batch changes training itself (fewer, larger steps per epoch; the learning rate may need retuning). </source>
        <translation>%1 个样本的批次得到 %1 行的矩阵乘法，太小，无法接近峰值：试试 %2 或更大（配置补丁设为 %2）；更大的批次会改变训练本身（每轮步数更少、每步更大；学习率可能需要重新调整）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>If the doctor reports reference-blas or slow-blas, fix the BLAS first: every matrix product goes through it</source>
        <translation>如果环境检查报告了 reference-blas 或 slow-blas，请先修好 BLAS：所有矩阵乘法都经过它</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Training reached %1 of this machine&apos;s measured matrix-product rate</source>
        <translation>训练只达到本机实测矩阵乘法速率的 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>source not recorded</source>
        <translation>来源未记录</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>achieved %1 against a peak of %2 (%3); achieved = training FLOPs of one batch (%4, counted from the layer sizes, backward as twice the forward) / the median steady step (%5, every phase included)</source>
        <translation>实际达到 %1，峰值为 %2（%3）；实际速率 = 一个批次的训练 FLOPs（%4，按层的大小计算，反向按前向的两倍计）/ 稳态步中位数（%5，含所有阶段）</translation>
    </message>
</context>
<context>
    <name>MeasuredRun</name>
    <message>
        <location filename="../engine/whatif/measuredrun.cpp" line="+33"/>
        <source>expected an integer from %1 to %2 (steps not measured), got %3</source>
        <translation>应为 %1 到 %2 之间的整数（不计入测量的步数），实际为 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>expected an integer from %1 to %2 (at least one step is measured), got %3</source>
        <translation>应为 %1 到 %2 之间的整数（至少测量一步），实际为 %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>expected an integer from %1 to %2 (runs per configuration), got %3</source>
        <translation>应为 %1 到 %2 之间的整数（每个配置的运行次数），实际为 %3</translation>
    </message>
</context>
<context>
    <name>MemoryGrowthRule</name>
    <message>
        <location filename="../engine/diagnosis/memorygrowthrule.cpp" line="+111"/>
        <source>Tensor memory grows by %1 a step and is never given back</source>
        <translation>张量内存每步增长 %1，且从未释放</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (%1 an epoch of %2 steps)</source>
        <translation>（每轮 %1，每轮 %2 步）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>At the end of a step tensors held %1 (median of steady steps %2 to %3), then %4, then %5 (steps %6 to %7): %8 more a step%9.</source>
        <translation>步结束时张量占用 %1（稳定步 %2 至 %3 的中位数），随后为 %4，再到 %5（步 %6 至 %7）：每步多 %8%9。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cut in three thirds, the %1 steady steps rise twice: the median step of each third held more than any step of the third before it.</source>
        <translation>把 %1 个稳定步分成三段，内存上升了两次：每一段的中位数步都比前一段中任何一步占用得多。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Find what keeps a tensor from every step: a loss or an output kept with its graph (keep its value instead: loss.item(), or loss.detach()), a list of predictions or gradients that only grows, a cache without a bound. The growth continues until the process runs out of memory; the rate above says when.</source>
        <translation>找出每一步都留下张量的地方：连同计算图一起保留的损失或输出（改为只保留其数值：loss.item()，或 loss.detach()）、只增不减的预测或梯度列表、没有上限的缓存。内存会一直增长，直到进程耗尽内存；上面的速率说明何时会发生。</translation>
    </message>
</context>
<context>
    <name>MemoryHeadroomRule</name>
    <message>
        <location filename="../engine/diagnosis/memoryheadroomrule.cpp" line="+47"/>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (run %2)</source>
        <translation>%1（运行 %2）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Runs of this model measured at batch sizes %1 need %2 more for each sample of a batch.</source>
        <translation>以批大小 %1 测得的本模型运行表明：批中每多一个样本，多需 %2。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Not all of them validated (a what-if leaves validation out), and this run&apos;s validation batches keep kernel buffers that grow with the batch too: the largest batch that fits may be smaller than projected; two runs that validate measure it.</source>
        <translation>其中有的运行没有做验证（what-if 会省去验证），而本次运行的验证批所保留的内核缓冲区同样随批大小增长：放得下的最大批可能比推算的小；用两次带验证的运行才能测准。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Not even a batch of one sample stays within 80% of the memory: make a step need less (shorter sequences, fewer units or layers), or train on a machine with more.</source>
        <translation>即使只有一个样本的批也超出内存的 80%：请让每步需要更少内存（更短的序列、更少的单元或层），或换用内存更多的机器训练。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>At batch %1 a step would need about %2, within 80% of the memory; %3 is the most that does.</source>
        <translation>批大小为 %1 时每步约需 %2，在内存的 80% 以内；最大可到%3。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the whole training split (%1 samples)</source>
        <translation>整个训练集（%1 个样本）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>batch %1</source>
        <translation>批大小 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Memory does not limit the batch size here: choose it for speed and for how the model learns (what-if measures both).</source>
        <translation>在这里内存并不限制批大小：请按速度和模型的学习效果来选择（what-if 会同时测量两者）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Train with batches of %1 (the patch) so that a step stays within 80% of the memory, or make a step need less: shorter sequences, fewer units.</source>
        <translation>改用大小为 %1 的批训练（见补丁），使每步保持在内存的 80% 以内；或让每步需要更少内存：更短的序列、更少的单元。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Batches up to %1 fit (the patch tries it; what-if measures its speed and loss). A larger batch makes fewer updates an epoch: scale the learning rate with it and compare the loss.</source>
        <translation>大小不超过 %1 的批都放得下（补丁尝试该值；what-if 会测量其速度和损失）。更大的批使每轮的更新次数更少：请相应调整学习率并比较损失。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>This batch size is the largest that fits.</source>
        <translation>当前批大小已是放得下的最大值。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>A step&apos;s tensors need %1, %2 of the memory they can have: close to swapping or the OOM killer</source>
        <translation>每步的张量需要 %1，占其可用内存的 %2：已接近换页，或被系统因内存耗尽而终止</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A step&apos;s tensors need %1, %2 of the memory they can have</source>
        <translation>每步的张量需要 %1，占其可用内存的 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The warm steps (%1) held at most %2 of tensor memory at batch %3. When training began the tensors held %4 and the machine had %5 more available (MemAvailable): %6 in all.</source>
        <translation>批大小为 %3 时，预热后的步骤（%1）最多占用 %2 张量内存。训练开始时张量占用 %4，机器另有 %5 可用（MemAvailable）：共 %6。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>To project the largest batch that fits, measure a second batch size: a run or a what-if of the patch (batch %1) records it, then diagnose this run again.</source>
        <translation>要推算放得下的最大批，请再测量一个批大小：按补丁（批大小 %1）运行一次或做一次 what-if 即可记录下来，然后重新诊断本次运行。</translation>
    </message>
</context>
<context>
    <name>Messages</name>
    <message>
        <location filename="../cli/messages.cpp" line="+29"/>
        <source>epochscope-cli: error: %1</source>
        <translation>epochscope-cli：错误：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>epochscope-cli: warning: %1</source>
        <translation>epochscope-cli：警告：%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>rank %1: </source>
        <translation>进程 %1：</translation>
    </message>
</context>
<context>
    <name>ModelCheckpoint</name>
    <message>
        <location filename="../engine/callbacks/modelcheckpoint.cpp" line="+56"/>
        <source>%1: cannot create or write the checkpoint directory: %2</source>
        <translation>%1：无法创建或写入检查点目录：%2</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>model_checkpoint: %1 names a value not logged yet; skipping this save</source>
        <translation>model_checkpoint：%1 引用了尚未记录的值；跳过本次保存</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Can save best model only with %1 available, skipping.</source>
        <translation>只有 %1 可用时才能保存最佳模型，跳过。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Epoch %1: %2 did not improve from %3</source>
        <translation>第 %1 轮：%2 未从 %3 改善</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Epoch %1: %2 improved from %3 to %4, saving model to %5 (%6)</source>
        <translation>第 %1 轮：%2 从 %3 改善到 %4，模型保存到 %5（%6）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Epoch %1: saving model to %2 (%3)</source>
        <translation>第 %1 轮：模型保存到 %2（%3）</translation>
    </message>
</context>
<context>
    <name>ModelSummary</name>
    <message>
        <location filename="../engine/model/modelsummary.cpp" line="+45"/>
        <source>an embedding needs token ids, one per time step, got %1 per sample</source>
        <translation>Embedding 嵌入层需要词元 id，每个时间步一个，实际每个样本为 %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>a recurrent layer needs a sequence (timesteps, features), got %1 per sample</source>
        <translation>循环层需要序列（时间步, 特征），但每个样本得到的是 %1</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>the shape of one sample is known only once the data files are read; set input_shape to summarise the model before that</source>
        <translation>读取数据文件之后才能知道单个样本的形状；若要在此之前汇总模型，请设置 input_shape</translation>
    </message>
</context>
<context>
    <name>NpyFile</name>
    <message>
        <location filename="../engine/data/npyfile.cpp" line="+119"/>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>element count overflow at %1</source>
        <translation>以 %1 存放时元素数溢出</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>loading the array as %1</source>
        <translation>以 %1 加载该数组</translation>
    </message>
</context>
<context>
    <name>NpyFormat</name>
    <message>
        <location filename="../engine/data/npyheaderdict.cpp" line="+236"/>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a boolean</source>
        <translation>布尔值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a tuple</source>
        <translation>元组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a dict</source>
        <translation>字典</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="-201"/>
        <source>header dict syntax error: expected only padding after the dict, found %1</source>
        <translation>头部字典语法错误：字典之后应只有填充，实际遇到 %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the end of the header</source>
        <translation>头部结尾</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>header dict syntax error: values nested more than %1 deep</source>
        <translation>头部字典语法错误：值的嵌套超过 %1 层</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>header dict syntax error: expected a value, found the end of the header</source>
        <translation>头部字典语法错误：应为一个值，实际遇到头部结尾</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>header dict syntax error: expected a value, found %1</source>
        <translation>头部字典语法错误：应为一个值，实际遇到 %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>header dict syntax error: expected &apos;,&apos; or &apos;%1&apos;, found %2</source>
        <translation>头部字典语法错误：应为 &apos;,&apos; 或 &apos;%1&apos;，实际遇到 %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>header dict syntax error: expected &apos;:&apos; after a key, found %1</source>
        <translation>头部字典语法错误：键之后应为 &apos;:&apos;，实际遇到 %1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>header dict syntax error: newline inside a string</source>
        <translation>头部字典语法错误：字符串中有换行符</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>header dict syntax error: string not closed, expected %1 before the end of the header</source>
        <translation>头部字典语法错误：字符串未闭合，头部结尾之前应有 %1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>header dict syntax error: expected digits, found %1</source>
        <translation>头部字典语法错误：应为数字，实际遇到 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>integer too large: expected at most %1</source>
        <translation>整数过大：最大应为 %1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>header dict syntax error: expected True, False or None, found &apos;%1&apos;</source>
        <translation>头部字典语法错误：应为 True、False 或 None，实际遇到 &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../engine/data/npyheader.cpp" line="+51"/>
        <source>structured dtype (a list of named fields) is not supported: save each field as its own array, converted with .astype(np.float32); pickled data is never loaded; save a plain numeric array instead: np.save(path, x.astype(np.float32), allow_pickle=False)</source>
        <translation>不支持结构化 dtype（具名字段的列表）：请把每个字段分别保存为一个数组，并用 .astype(np.float32) 转换；pickle 数据一律不加载；请改为保存普通数值数组：np.save(path, x.astype(np.float32), allow_pickle=False)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>expected a dtype string such as &apos;&lt;f4&apos; for &apos;descr&apos;, found %1</source>
        <translation>&apos;descr&apos; 应为 &apos;&lt;f4&apos; 这样的 dtype 字符串，实际为%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>object array (dtype %1): its elements are pickled Python objects; pickled data is never loaded; save a plain numeric array instead: np.save(path, x.astype(np.float32), allow_pickle=False)</source>
        <translation>对象数组（dtype %1）：其元素是经 pickle 序列化的 Python 对象；pickle 数据一律不加载；请改为保存普通数值数组：np.save(path, x.astype(np.float32), allow_pickle=False)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>dtype %1 has no byte order (&apos;|&apos;) but its elements are %2 bytes: expected &apos;&lt;&apos; or &apos;&gt;&apos;</source>
        <translation>dtype %1 没有字节序（&apos;|&apos;），但其元素为 %2 字节：应为 &apos;&lt;&apos; 或 &apos;&gt;&apos;</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>unsupported dtype %1: complex numbers are not supported; save the real part or both parts as float32 (convert with .astype(np.float32))</source>
        <translation>不支持的 dtype %1：不支持复数；请把实部，或实部和虚部，保存为 float32（用 .astype(np.float32) 转换）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unsupported dtype %1: text arrays are not supported; convert to numbers first (convert with .astype(np.float32))</source>
        <translation>不支持的 dtype %1：不支持文本数组；请先转换为数值（用 .astype(np.float32) 转换）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unsupported dtype %1: dates and time spans are not supported; convert to numbers first (convert with .astype(np.float32))</source>
        <translation>不支持的 dtype %1：不支持日期和时间间隔；请先转换为数值（用 .astype(np.float32) 转换）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unsupported dtype %1: raw (void) records are not supported (convert with .astype(np.float32))</source>
        <translation>不支持的 dtype %1：不支持原始（void）记录（用 .astype(np.float32) 转换）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unsupported dtype %1: only float16, float32 and float64 are supported (convert with .astype(np.float32))</source>
        <translation>不支持的 dtype %1：只支持 float16、float32 和 float64（用 .astype(np.float32) 转换）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unsupported dtype %1: expected one of bool, int8/16/32/64, uint8/16/32/64, float16/32/64 (convert with .astype(np.float32))</source>
        <translation>不支持的 dtype %1：应为 bool、int8/16/32/64、uint8/16/32/64、float16/32/64 之一（用 .astype(np.float32) 转换）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>expected a tuple of integers for &apos;shape&apos;, found %1</source>
        <translation>&apos;shape&apos; 应为整数元组，实际为%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>shape has %1 dimensions, expected at most %2</source>
        <translation>形状有 %1 个维度，最多应为 %2 个</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>expected an integer dimension in &apos;shape&apos;, found %1</source>
        <translation>&apos;shape&apos; 中的维度应为整数，实际为%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>negative dimension %1 in &apos;shape&apos;</source>
        <translation>&apos;shape&apos; 中有负维度 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>element count overflow: shape %1 of %2 needs more than %3 bytes</source>
        <translation>元素数溢出：形状为 %1 的 %2 数组需要超过 %3 字节</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>expected the header to be a dict, found %1</source>
        <translation>头部应为字典，实际为%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>expected a string key in the header dict, found %1</source>
        <translation>头部字典的键应为字符串，实际为%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>unexpected key &apos;%1&apos; in the header dict: expected exactly &apos;descr&apos;, &apos;fortran_order&apos; and &apos;shape&apos;</source>
        <translation>头部字典中有意外的键 &apos;%1&apos;：应恰好为 &apos;descr&apos;、&apos;fortran_order&apos; 和 &apos;shape&apos;</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>duplicate key &apos;%1&apos; in the header dict</source>
        <translation>头部字典中的键 &apos;%1&apos; 重复</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the header dict has no &apos;%1&apos; key: expected &apos;descr&apos;, &apos;fortran_order&apos; and &apos;shape&apos;</source>
        <translation>头部字典没有 &apos;%1&apos; 键：应有 &apos;descr&apos;、&apos;fortran_order&apos; 和 &apos;shape&apos;</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>expected True or False for &apos;fortran_order&apos;, found %1</source>
        <translation>&apos;fortran_order&apos; 应为 True 或 False，实际为%1</translation>
    </message>
    <message>
        <location filename="../engine/data/npydata.cpp" line="+222"/>
        <source>element %1 (%2) is %3: expected a whole number that fits int64 for an integer array</source>
        <translation>元素 %1（%2）为 %3：整数数组需要能放入 int64 的整数值</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>element %1 (%2) is %3: expected at most 9223372036854775807 (int64)</source>
        <translation>元素 %1（%2）为 %3：最大应为 9223372036854775807（int64）</translation>
    </message>
    <message>
        <location filename="../engine/data/npyheader.cpp" line="+73"/>
        <source>empty file: expected a .npy file starting with \x93NUMPY</source>
        <translation>空文件：应为以 \x93NUMPY 开头的 .npy 文件</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>bad magic: expected \x93NUMPY at the start of a .npy file, found %1 (a zip archive: name it .npz to read it as one)</source>
        <translation>魔数错误：.npy 文件开头应为 \x93NUMPY，实际为 %1（这是 zip 压缩包：把它命名为 .npz 即可按压缩包读取）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>bad magic: expected \x93NUMPY at the start of a .npy file, found %1</source>
        <translation>魔数错误：.npy 文件开头应为 \x93NUMPY，实际为 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>truncated header: expected %1 bytes of magic, version and header length, the file ends after %2</source>
        <translation>头部被截断：魔数、版本和头部长度应共 %1 字节，文件在 %2 字节后就结束了</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>unsupported .npy format version %1.%2: expected 1.0, 2.0 or 3.0</source>
        <translation>不支持的 .npy 格式版本 %1.%2：应为 1.0、2.0 或 3.0</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>header length %1 exceeds the limit of %2 bytes</source>
        <translation>头部长度 %1 超过了 %2 字节的上限</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>truncated header: the header says it is %1 bytes long, the file ends after %2</source>
        <translation>头部被截断：头部声明其长度为 %1 字节，文件在 %2 字节后就结束了</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>truncated data: shape %1 of %2 needs %3 bytes after the %4-byte header, found %5</source>
        <translation>数据被截断：形状为 %1 的 %2 数组在 %4 字节的头部之后需要 %3 字节，实际只有 %5 字节</translation>
    </message>
</context>
<context>
    <name>NpzArchive</name>
    <message>
        <location filename="../engine/data/npzarchive.cpp" line="+35"/>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>empty file: expected a zip archive (.npz)</source>
        <translation>空文件：应为 zip 压缩包（.npz）</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>cannot read as a zip archive (.npz): %1</source>
        <translation>无法作为 zip 压缩包（.npz）读取：%1</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>cannot read member: %1</source>
        <translation>无法读取成员：%1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>corrupt member: %1</source>
        <translation>成员已损坏：%1</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>corrupt member: data ended early</source>
        <translation>成员已损坏：数据提前结束</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>corrupt archive entry: %1</source>
        <translation>压缩包条目已损坏：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>corrupt archive entry: sizes or compression method missing</source>
        <translation>压缩包条目已损坏：缺少大小或压缩方式</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>encrypted member: NumPy archives are never encrypted</source>
        <translation>成员已加密：NumPy 压缩包从不加密</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>corrupt archive entry: compressed size %1 exceeds the %2-byte archive</source>
        <translation>压缩包条目已损坏：压缩后大小 %1 超过了 %2 字节的整个压缩包</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>corrupt archive entry: stored member of %1 bytes claims %2 bytes of data</source>
        <translation>压缩包条目已损坏：%1 字节的未压缩（stored）成员声称有 %2 字节数据</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>corrupt archive entry: %1 deflated bytes cannot hold the %2 bytes claimed</source>
        <translation>压缩包条目已损坏：%1 字节的 deflate 压缩数据不可能容纳声称的 %2 字节</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>compression method %1 is not supported: expected stored (np.savez) or deflate (np.savez_compressed)</source>
        <translation>不支持压缩方式 %1：应为 stored（np.savez）或 deflate（np.savez_compressed）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>header dict syntax error: the header is too short for a dict</source>
        <translation>头部字典语法错误：头部太短，容纳不下字典</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>no array named &apos;%1&apos; in the archive; it holds: no arrays</source>
        <translation>压缩包中没有名为 &apos;%1&apos; 的数组；其中没有任何数组</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no array named &apos;%1&apos; in the archive; it holds: %2</source>
        <translation>压缩包中没有名为 &apos;%1&apos; 的数组；其中的数组有：%2</translation>
    </message>
</context>
<context>
    <name>PaddingWasteRule</name>
    <message>
        <location filename="../engine/diagnosis/paddingwasterule.cpp" line="+57"/>
        <source>Batch the texts by length: set data.batching to &quot;by_length&quot;. Texts of similar length then share a batch and each batch is cut after its longest text, so short texts stop paying for the long ones&apos; padding; mask_zero keeps each text&apos;s result the same. Each new batch width is a new shape that the fused kernels prepare once (the warm-up finding shows what that costs).</source>
        <translation>按长度分批：把 data.batching 设为&quot;by_length&quot;。长度相近的文本进入同一批，每批截到其中最长的文本，短文本不再为长文本的填充付出代价；mask_zero 保证每条文本的结果不变。每种新的批宽度都是融合内核需要准备一次的新形状（预热发现会给出其代价）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cut the texts at the 95th percentile of their lengths: set data.text.output_sequence_length to %1 (now %2). The longest 5% of the texts lose their ends, and every sample stops carrying padding up to the longest one; what-if measures the time saved and shows the loss beside it. Batching by length cuts more, and needs data.text.padding &quot;post&quot; and mask_zero on the embedding.</source>
        <translation>在文本长度的第 95 百分位处截断：把 data.text.output_sequence_length 设为 %1（现为 %2）。最长的 5% 文本会失去结尾，而每个样本不再携带直到最长文本的填充；what-if 会测出节省的时间并在旁边给出损失。按长度分批能截掉更多，但需要 data.text.padding 为&quot;post&quot;且嵌入层启用 mask_zero。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Make the sequences shorter or of more equal lengths: pad them to a length nearer their typical one, or train from the raw texts (a text_csv or text_folder source) with data.batching &quot;by_length&quot;, which cuts each batch after its longest text.</source>
        <translation>让序列更短或长度更一致：填充到更接近典型长度的长度，或者从原始文本训练（text_csv 或 text_folder 数据源）并设 data.batching 为&quot;by_length&quot;，它会把每批截到其中最长的文本。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1 of the time steps trained on are padding</source>
        <translation>训练的时间步中有 %1 是填充</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> The training texts have %1 tokens at the median, %2 at the 95th percentile and %3 at most.</source>
        <translation>训练文本的长度中位数为 %1 个词元，第 95 百分位为 %2，最长 %3。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Padding (token id 0) fills %1 of the time steps of the %2 steady steps (weighted by their samples); the recurrent layers compute every one of them. Batching &quot;%3&quot;.%4</source>
        <translation>在 %2 个稳态步中，填充（词元编号 0）占时间步的 %1（按样本数加权）；循环层会计算其中的每一个。分批方式为&quot;%3&quot;。%4</translation>
    </message>
</context>
<context>
    <name>PathTemplate</name>
    <message>
        <location filename="../engine/config/pathtemplate.cpp" line="+116"/>
        <source>format spec &quot;%3&quot; has a &apos;.&apos; without a precision at character %1 of &quot;%2&quot;</source>
        <translation>&quot;%2&quot; 第 %1 个字符处：格式说明 &quot;%3&quot; 有 &apos;.&apos; 但没有精度</translation>
    </message>
    <message>
        <location line="-78"/>
        <source>unsupported format spec &quot;%3&quot; at character %1 of &quot;%2&quot;; paths use [[fill]align][sign][#][0][width][.precision][type] with the align one of &lt; &gt; ^ and the type one of d b o x X e E f F g G</source>
        <translation>&quot;%2&quot; 第 %1 个字符处：不支持的格式说明 &quot;%3&quot;；路径使用 [[fill]align][sign][#][0][width][.precision][type]，align 为 &lt; &gt; ^ 之一，type 为 d b o x X e E f F g G 之一</translation>
    </message>
    <message>
        <location line="+112"/>
        <source>a single &apos;}&apos; (write &apos;}}&apos; for a literal brace) at character %1 of &quot;%2&quot;</source>
        <translation>&quot;%2&quot; 第 %1 个字符处：单独的 &apos;}&apos;（字面的花括号请写作 &apos;}}&apos;）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>an unclosed &apos;{&apos; at character %1 of &quot;%2&quot;</source>
        <translation>&quot;%2&quot; 第 %1 个字符处：未闭合的 &apos;{&apos;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>a field without a name (&apos;{}&apos;) at character %1 of &quot;%2&quot;</source>
        <translation>&quot;%2&quot; 第 %1 个字符处：没有名称的字段（&apos;{}&apos;）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>format spec &quot;%3&quot;: width %4 is wider than a file name can be (%5 bytes) at character %1 of &quot;%2&quot;</source>
        <translation>&quot;%2&quot; 第 %1 个字符处：格式说明 &quot;%3&quot;：宽度 %4 超过了文件名的最大长度（%5 字节）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>format spec &quot;%3&quot;: precision %4 is above the maximum of %5 (a double holds 17 significant digits) at character %1 of &quot;%2&quot;</source>
        <translation>&quot;%2&quot; 第 %1 个字符处：格式说明 &quot;%3&quot;：精度 %4 超过了上限 %5（double 只有 17 位有效数字）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>format spec &quot;%3&quot;: an integer (&apos;%4&apos;) has no precision at character %1 of &quot;%2&quot;</source>
        <translation>&quot;%2&quot; 第 %1 个字符处：格式说明 &quot;%3&quot;：整数（&apos;%4&apos;）没有精度</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>unsupported format spec &quot;%3&quot; at character %1 of &quot;%2&quot;: %4</source>
        <translation>&quot;%2&quot; 第 %1 个字符处：不支持的格式说明 &quot;%3&quot;：%4</translation>
    </message>
</context>
<context>
    <name>Phase</name>
    <message>
        <location filename="../engine/i18n/phasename.cpp" line="+13"/>
        <source>Data wait</source>
        <translation>数据等待</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Host to device</source>
        <translation>主机到设备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Callbacks</source>
        <translation>回调</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Other</source>
        <translation>其他</translation>
    </message>
</context>
<context>
    <name>PredictCommand</name>
    <message>
        <location filename="../cli/predictcommand.cpp" line="+89"/>
        <source>--out: %1: expected a .npy or .csv file name</source>
        <translation>--out：%1：应为 .npy 或 .csv 文件名</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 received: stopped after %2; no predictions written</source>
        <translation>收到 %1：在 %2 后停止；未写入任何预测结果</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 batch</source>
        <translation>%1 个批次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 batches</source>
        <translation>%1 个批次</translation>
    </message>
    <message>
        <location filename="../cli/predictreport.cpp" line="+24"/>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Predictions %1 float32 written to %2</source>
        <translation>预测结果 %1 float32 已写入 %2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Predictions %1: min %2, mean %3, max %4 (not saved: --out FILE.npy or FILE.csv saves them)</source>
        <translation>预测结果 %1：最小 %2，平均 %3，最大 %4（未保存：用 --out FILE.npy 或 FILE.csv 可保存）</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>(%1 tokens, %2 [UNK], cut)</source>
        <translation>（%1 个词元，%2 个 [UNK]，已截断）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(%1 tokens, %2 [UNK])</source>
        <translation>（%1 个词元，%2 个 [UNK]）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Checkpoint: %1 (%2)</source>
        <translation>检查点：%1（%2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Data: %1</source>
        <translation>数据：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Predicted %1 samples on %2 (%3 backend) in %4 batches of %5 in %6</source>
        <translation>在 %2（%3 后端）上预测了 %1 个样本，共 %4 个批次，批大小 %5，用时 %6</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>At threshold 0.5: %1 true positives, %2 false positives, %3 true negatives, %4 false negatives</source>
        <translation>阈值为 0.5 时：%1 个真阳性，%2 个假阳性，%3 个真阴性，%4 个假阴性</translation>
    </message>
</context>
<context>
    <name>Prediction</name>
    <message>
        <location filename="../engine/predict/predictionmessages.cpp" line="+12"/>
        <source>%1 has %2 features per time step, but the model was trained on %3 (%4 holds samples shaped %5), and its weights fit only that</source>
        <translation>%1 每个时间步有 %2 个特征，但模型是用 %3 个特征训练的（%4 中的样本形状为 %5），其权重只适用于这一特征数</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>no tokenizer was kept with %1: the vocabulary was learned again from %2, as training learned it</source>
        <translation>%1 没有保存分词器：已按训练时的方式从 %2 重新学习词表</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>raw texts take their targets from their labels (a CSV file&apos;s label column, the class folders): --y is for arrays of token ids</source>
        <translation>原始文本的目标值来自其标签（CSV 文件的标签列、类别文件夹）：--y 用于词元 ID 数组</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 empty texts skipped</source>
        <translation>跳过了 %1 条空文本</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>targets were given without inputs: give the inputs&apos; file as well</source>
        <translation>给出了目标值却没有给出输入：请同时给出输入文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 has no validation samples (validation_split is 0 and there is no x_val): give the inputs in a file</source>
        <translation>%1 没有验证样本（validation_split 为 0，也没有 x_val）：请在文件中给出输入</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the %1 validation samples of %2</source>
        <translation>%2 的 %1 个验证样本</translation>
    </message>
</context>
<context>
    <name>PredictionTexts</name>
    <message>
        <location filename="../engine/predict/predictiontexts.cpp" line="+27"/>
        <source>%1 text given with --text</source>
        <translation>用 --text 给出了 %1 条文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 texts given with --text</source>
        <translation>用 --text 给出了 %1 条文本</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 is a file, and the model was trained on a folder of texts: name the file&apos;s text column with --text-column (and its label column with --label-column to score the predictions)</source>
        <translation>%1 是一个文件，而模型是在文本文件夹上训练的：请用 --text-column 指定该文件的文本列（要给预测打分，再用 --label-column 指定标签列）</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1 holds no text</source>
        <translation>%1 中没有文本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2 texts</source>
        <translation>%1：%2 条文本</translation>
    </message>
</context>
<context>
    <name>Preflight</name>
    <message>
        <location filename="../engine/train/trainingmessages.cpp" line="-43"/>
        <source>%1 requested, but no CUDA device is available to this LibTorch build; use &quot;cpu&quot;</source>
        <translation>请求了 %1，但此 LibTorch 构建没有可用的 CUDA 设备；请使用 &quot;cpu&quot;</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 requested, but only %2 CUDA device(s) exist</source>
        <translation>请求了 %1，但只有 %2 个 CUDA 设备</translation>
    </message>
</context>
<context>
    <name>Presets</name>
    <message>
        <location filename="../engine/config/presetdescription.cpp" line="+20"/>
        <source>Reference workload: the Keras IMDB sentiment LSTM. Embedding(20000, 128) &gt; LSTM(128) &gt; Dense(1, sigmoid) on 25000 synthetic reviews of 500 tokens, batch 64. 5 epochs: enough to set the slow first epoch against the steady state; on 2 CPU cores each epoch takes minutes.</source>
        <translation>参考负载：Keras 的 IMDB 情感分类 LSTM。Embedding(20000, 128) &gt; LSTM(128) &gt; Dense(1, sigmoid)，25000 条合成评论，每条 500 个词元，批大小 64。5 个轮次：足以把较慢的第一轮与稳态对比；在 2 个 CPU 核心上每轮要几分钟。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Reference workload: the Keras stacked-LSTM regression. LSTM(80, return_sequences) &gt; LSTM(80) &gt; Dense(1), L2 1e-5 on kernels and recurrent kernels, 10000 synthetic samples of 64 steps x 8 features, batch 64, 20 epochs.</source>
        <translation>参考负载：Keras 的堆叠 LSTM 回归。LSTM(80, return_sequences) &gt; LSTM(80) &gt; Dense(1)，核权重与循环核权重上 L2 1e-5，10000 个合成样本，每个 64 个时间步 x 8 个特征，批大小 64，20 个轮次。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Small sequence regression to try the workbench: LSTM(64) &gt; Dense(1) on 6144 synthetic samples of 64 steps x 8 features, 8 epochs; an epoch takes about two seconds on 2 CPU cores.</source>
        <translation>试用本工具的小型序列回归：LSTM(64) &gt; Dense(1)，6144 个合成样本，每个 64 个时间步 x 8 个特征，8 个轮次；在 2 个 CPU 核心上每轮约两秒。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Sentiment from raw text: Embedding(1000, 64, mask_zero) &gt; LSTM(64) &gt; Dense(1, sigmoid) on 5000 movie reviews laid out as IMDB&apos;s aclImdb (train/pos and train/neg of .txt files), batches by length, 5 epochs; an epoch takes about three seconds on 2 CPU cores. EpochScope generates the reviews on first use, into epochscope/corpora/text-sentiment-demo of your data folder ($XDG_DATA_HOME, or ~/.local/share).</source>
        <translation>从原始文本学习情感：Embedding(1000, 64, mask_zero) &gt; LSTM(64) &gt; Dense(1, sigmoid)，5000 条电影评论，按 IMDB 的 aclImdb 布局（train/pos 与 train/neg 下的 .txt 文件），按长度分批，5 个轮次；在 2 个 CPU 核心上每轮约三秒。EpochScope 在首次使用时生成这些评论，写入你的数据文件夹（$XDG_DATA_HOME 或 ~/.local/share）中的 epochscope/corpora/text-sentiment-demo。</translation>
    </message>
    <message>
        <location filename="../engine/config/presets.cpp" line="+56"/>
        <source>%1 trains from a corpus that EpochScope writes into %2 on first use, which failed: %3</source>
        <translation>%1 使用 EpochScope 首次使用时写入 %2 的语料训练，写入失败：%3</translation>
    </message>
</context>
<context>
    <name>ProbeRecord</name>
    <message>
        <location filename="../engine/script/proberecord.cpp" line="+36"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>expected a whole number from %1 to %2</source>
        <translation>应为 %1 到 %2 之间的整数</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>expected a number from 0 to %1</source>
        <translation>应为 0 到 %1 之间的数</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>expected true or false</source>
        <translation>应为 true 或 false</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>expected a string</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>longer than %1 bytes</source>
        <translation>超过 %1 字节</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>expected a list of at most %1 strings</source>
        <translation>应为至多 %1 个字符串的列表</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>expected &quot;%1&quot;, got &quot;%2&quot;</source>
        <translation>应为 &quot;%1&quot;，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>version %1 of the probe&apos;s records; this EpochScope reads version %2: use the probe that came with it</source>
        <translation>探针记录的版本为 %1；此 EpochScope 读取版本 %2：请使用随它附带的探针</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>expected an object of phase times</source>
        <translation>应为各阶段时间的对象</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not a phase</source>
        <translation>不是阶段</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the phases add up to %1 ms, more than the step&apos;s wall_ms of %2 ms</source>
        <translation>各阶段合计 %1 毫秒，超过该步的 wall_ms（%2 毫秒）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>expected a finite number or null</source>
        <translation>应为有限数或 null</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>expected a list of at most %1 modules</source>
        <translation>应为至多 %1 个模块的列表</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+24"/>
        <source>expected an object</source>
        <translation>应为对象</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>expected a list of at most %1 sites</source>
        <translation>应为最多 %1 个调用位置的列表</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>expected finished, failed or stopped</source>
        <translation>应为 finished、failed 或 stopped</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>a record of %1 bytes, longer than %2</source>
        <translation>一条 %1 字节的记录，超过 %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>not a JSON record: %1</source>
        <translation>不是 JSON 记录：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>unknown record type &quot;%1&quot;</source>
        <translation>未知的记录类型 &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>ProcessGroup</name>
    <message>
        <location filename="../engine/distributed/distributedmessages.cpp" line="-94"/>
        <source>rank %1 did not arrive at %2 within %3 s</source>
        <translation>进程 %1 未在 %3 秒内到达 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ranks %1 did not arrive at %2 within %3 s</source>
        <translation>进程 %1 未在 %3 秒内到达 %2</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>rank %1: %2 failed: %3</source>
        <translation>进程 %1：%2 失败：%3</translation>
    </message>
    <message>
        <location line="-72"/>
        <source>rank %1 is outside a world of %2 processes</source>
        <translation>进程编号 %1 不在共 %2 个进程的范围内</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>rank %1 of %2 stopped while meeting the others at %3</source>
        <translation>第 %1 个进程（共 %2 个）在 %3 等待其他进程会合时被停止</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>rank %1 of %2 could not meet the others at %3 (distributed.init, distributed.interface, distributed.timeout_s): %4</source>
        <translation>第 %1 个进程（共 %2 个）未能在 %3 与其他进程会合（distributed.init、distributed.interface、distributed.timeout_s）：%4</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>all-reduce</source>
        <translation>全归约（all-reduce）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>broadcast</source>
        <translation>广播</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gather</source>
        <translation>收集</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>writing to the store</source>
        <translation>写入存储</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reading the store</source>
        <translation>读取存储</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>barrier</source>
        <translation>屏障同步</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>this EpochScope was built without Gloo&apos;s headers (Debian: libgloo-dev), so it cannot train on several processes; set distributed.world_size to 1</source>
        <translation>此 EpochScope 构建时没有 Gloo 的头文件（Debian：libgloo-dev），因此不能多进程训练；请将 distributed.world_size 设为 1</translation>
    </message>
</context>
<context>
    <name>ProfileCommand</name>
    <message>
        <location filename="../cli/profilecommand.cpp" line="+55"/>
        <source>epoch %1: %2 steps in %3, %4 a step (%5)</source>
        <translation>第 %1 轮：%2 步，用时 %3，每步 %4（%5）</translation>
    </message>
    <message>
        <location filename="../engine/script/scriptsession.cpp" line="+204"/>
        <source>the script did not stop: sending %1</source>
        <translation>脚本没有停止：发送 %1</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>the run database failed, so the rest of the script is not recorded: %1</source>
        <translation>运行数据库出错，脚本之后的部分不再记录：%1</translation>
    </message>
    <message>
        <location filename="../cli/profilecommand.cpp" line="+31"/>
        <source>--cwd %1: not a folder</source>
        <translation>--cwd %1：不是文件夹</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>recording %1 as run %2 in %3</source>
        <translation>正在将 %1 记录为 %3 中的运行 %2</translation>
    </message>
    <message>
        <location filename="../engine/script/scriptsession.cpp" line="-120"/>
        <source>probe record %1 refused: %2</source>
        <translation>拒绝了第 %1 条探针记录：%2</translation>
    </message>
    <message>
        <location filename="../cli/profilecommand.cpp" line="+12"/>
        <source>run %1 %2: %3 steps in %4 epochs, steady step %5%6</source>
        <translation>运行 %1 %2：%4 轮共 %3 步，稳态步 %5%6</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>why it is slow: epochscope-cli diagnose %1 --db %2</source>
        <translation>查看为何慢：epochscope-cli diagnose %1 --db %2</translation>
    </message>
</context>
<context>
    <name>ProgressBar</name>
    <message>
        <location filename="../cli/progressbar.cpp" line="+121"/>
        <source>%1s/step</source>
        <translation>%1s/步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1ms/step</source>
        <translation>%1ms/步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1us/step</source>
        <translation>%1us/步</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>ETA: %1</source>
        <translation>预计剩余：%1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Epoch %1/%2 - %3</source>
        <translation>第 %1/%2 轮 - %3</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>callbacks %1</source>
        <translation>回调 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> (%1 %2, %3 saves, %4)</source>
        <translation>（%1 %2，保存 %3 次，%4）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> (%1 %2)</source>
        <translation>（%1 %2）</translation>
    </message>
</context>
<context>
    <name>RankEnvironment</name>
    <message>
        <location filename="../cli/rankenvironment.cpp" line="+42"/>
        <source>expected a whole number from %1 to %2, got &quot;%3&quot;</source>
        <translation>应为 %1 到 %2 之间的整数，实际为“%3”</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>expected a rank from 0 to %1 (%2 is %3), got &quot;%4&quot;</source>
        <translation>应为 0 到 %1 之间的进程编号（%2 为 %3），实际为“%4”</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>not set, though %1 is (%2)</source>
        <translation>未设置，但 %1 已设置（%2）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>the ranks meet at MASTER_ADDR:MASTER_PORT</source>
        <translation>各进程在 MASTER_ADDR:MASTER_PORT 会合</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>--rank, --world-size and --master go together</source>
        <translation>--rank、--world-size 和 --master 须一起给出</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>torchrun sets RANK, WORLD_SIZE and LOCAL_RANK together</source>
        <translation>torchrun 会同时设置 RANK、WORLD_SIZE 和 LOCAL_RANK</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>srun sets both for each task</source>
        <translation>srun 会为每个任务同时设置这两个变量</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>torchrun variables</source>
        <translation>torchrun 变量</translation>
    </message>
</context>
<context>
    <name>RankLauncher</name>
    <message>
        <location filename="../cli/ranklauncher.cpp" line="+113"/>
        <source>cannot make a directory for the ranks&apos; rendezvous in %1</source>
        <translation>无法在 %1 中为各进程的会合点创建目录</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>cannot start rank %1 (%2)</source>
        <translation>无法启动进程 %1（%2）</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>cannot wait for rank %1: %2</source>
        <translation>无法等待进程 %1：%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>rank %1 was killed by %2</source>
        <translation>进程 %1 被 %2 终止</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>rank %1 failed with exit status %2</source>
        <translation>进程 %1 失败，退出状态为 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>stopping the other ranks: SIGTERM now, SIGKILL to those still running %1 s later</source>
        <translation>正在停止其他进程：现在发送 SIGTERM，%1 秒后仍在运行的进程将收到 SIGKILL</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>a second stop signal: killing the ranks</source>
        <translation>第二个停止信号：强制结束各进程</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>rank %1 still running %2 s later: killed</source>
        <translation>进程 %1 在 %2 秒后仍在运行：已强制结束</translation>
    </message>
</context>
<context>
    <name>ReduceLrOnPlateau</name>
    <message>
        <location filename="../engine/callbacks/metriccallbacks.cpp" line="+23"/>
        <source>Learning rate reduction conditioned on metric `%1` which is not available. Available metrics are: %2</source>
        <translation>学习率衰减所依据的指标 `%1` 不可用。可用的指标有：%2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Epoch %1: ReduceLROnPlateau reducing learning rate to %2.</source>
        <translation>第 %1 轮：ReduceLROnPlateau 将学习率降低到 %2。</translation>
    </message>
</context>
<context>
    <name>Rendezvous</name>
    <message>
        <location filename="../engine/config/rendezvous.cpp" line="+26"/>
        <source>expected tcp://HOST:PORT or file:PATH</source>
        <translation>应为 tcp://HOST:PORT 或 file:PATH</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>port &quot;%1&quot; is not a number from 1 to %2</source>
        <translation>端口“%1”不是 1 到 %2 之间的数</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>an IPv6 address in brackets lacks its &quot;]&quot;</source>
        <translation>方括号中的 IPv6 地址缺少“]”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&quot;%1&quot; is not an IPv6 address</source>
        <translation>“%1”不是 IPv6 地址</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+5"/>
        <source>the port is missing: tcp://HOST:PORT</source>
        <translation>缺少端口：tcp://HOST:PORT</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the host is missing: tcp://HOST:PORT</source>
        <translation>缺少主机：tcp://HOST:PORT</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&quot;%1&quot; is not a host name or address (an IPv6 address goes in brackets: tcp://[::1]:29500)</source>
        <translation>“%1”不是主机名或地址（IPv6 地址须放在方括号中：tcp://[::1]:29500）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>file://HOST/PATH names another machine&apos;s file; write file:///PATH for a file every rank can open</source>
        <translation>file://HOST/PATH 指向另一台机器上的文件；请写 file:///PATH，指向每个进程都能打开的文件</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the file is missing: file:PATH</source>
        <translation>缺少文件：file:PATH</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the file name contains a NUL character</source>
        <translation>文件名中含有 NUL 字符</translation>
    </message>
</context>
<context>
    <name>RendezvousFile</name>
    <message>
        <location filename="../engine/distributed/rendezvousfile.cpp" line="+35"/>
        <source>a symbolic link</source>
        <translation>符号链接</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a directory</source>
        <translation>目录</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a named pipe</source>
        <translation>命名管道</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a socket</source>
        <translation>套接字</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>a file</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 %2; the meeting uses only a file it created itself: remove %1 if no run uses it</source>
        <translation>%1 %2；会合只使用它自己创建的文件：如果没有运行在使用 %1，请删除它</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>already exists (%1): another run may be meeting there, or an earlier one left it behind</source>
        <translation>已存在（%1）：可能有另一个运行正在那里会合，或是之前的运行留下的</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cannot create %1: %2</source>
        <translation>无法创建 %1：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+145"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="-133"/>
        <location line="+75"/>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <location line="-70"/>
        <source>%1 did not appear within %2 s (rank 0 creates it; is it running, and does it see the same file system?)</source>
        <translation>%1 未在 %2 秒内出现（由进程 0 创建它；它是否在运行，是否能看到同一个文件系统？）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>is %1, not a file</source>
        <translation>是%1，而不是文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>belongs to another user (uid %1)</source>
        <translation>属于另一个用户（uid %1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>can be written by other users</source>
        <translation>可被其他用户写入</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>changed while it was being opened</source>
        <translation>在打开时被更改</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>is not an EpochScope rendezvous file</source>
        <translation>不是 EpochScope 的会合文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 stayed empty for %2 s: no rank 0 writes it</source>
        <translation>%1 在 %2 秒内一直为空：没有进程 0 写入它</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>cannot lock %1: %2</source>
        <translation>无法锁定 %1：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 stayed locked by another process for %2 s</source>
        <translation>%1 被另一个进程锁定了 %2 秒</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1 is damaged or not an EpochScope rendezvous file (at byte %2)</source>
        <translation>%1 已损坏或不是 EpochScope 的会合文件（位于第 %2 字节）</translation>
    </message>
    <message>
        <location line="+96"/>
        <source>%1: the value of &quot;%2&quot; is not an integer</source>
        <translation>%1：“%2”的值不是整数</translation>
    </message>
</context>
<context>
    <name>RendezvousStore</name>
    <message>
        <location filename="../engine/distributed/keyvaluestore.cpp" line="+13"/>
        <source>a stop was asked while meeting</source>
        <translation>会合期间收到了停止请求</translation>
    </message>
    <message>
        <location filename="../engine/distributed/rendezvousfile.cpp" line="-50"/>
        <location filename="../engine/distributed/storeclient.cpp" line="+193"/>
        <source>a key of %1 bytes or a value of %2 bytes is beyond the store&apos;s bounds</source>
        <translation>%1 字节的键或 %2 字节的值超出了存储的限制</translation>
    </message>
    <message>
        <location filename="../engine/distributed/distributedmessages.cpp" line="-13"/>
        <source>%1: the key &quot;%2&quot; was removed while it was read</source>
        <translation>%1：键“%2”在读取时被删除</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>waited %1 s at %2 for %3, which no rank set</source>
        <translation>在 %2 等待 %3 达 %1 秒，但没有进程设置它</translation>
    </message>
    <message>
        <location filename="../engine/distributed/storeclient.cpp" line="-140"/>
        <location line="+81"/>
        <location line="+19"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-97"/>
        <source>%1 did not answer within %2 s while %3</source>
        <translation>%1 在%3时未在 %2 秒内应答</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>what answers at %1 is not the rendezvous store of this EpochScope (another program, or another version)</source>
        <translation>在 %1 应答的不是本 EpochScope 的会合存储（是另一个程序或另一个版本）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>nothing answered at %1 within %2 s (rank 0 serves the meeting there): %3</source>
        <translation>%1 在 %2 秒内无应答（进程 0 在那里提供会合服务）：%3</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>sending to it</source>
        <translation>向其发送数据</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>waiting for its answer</source>
        <translation>等待其应答</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 closed the connection (rank 0 ended?)</source>
        <translation>%1 关闭了连接（进程 0 已结束？）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 sent an answer of %2 bytes, more than any</source>
        <translation>%1 发送了 %2 字节的应答，超出任何合法应答</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 refused a request: %2</source>
        <translation>%1 拒绝了请求：%2</translation>
    </message>
    <message>
        <location line="+28"/>
        <location line="+69"/>
        <source>%1 sent a malformed answer</source>
        <translation>%1 发送了格式错误的应答</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>a check of %1 keys is too many</source>
        <translation>一次检查 %1 个键过多</translation>
    </message>
    <message>
        <location filename="../engine/distributed/storeserver.cpp" line="+92"/>
        <source>cannot listen at %1: another program holds the port</source>
        <translation>无法在 %1 监听：另一个程序占用了该端口</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot listen at %1: %2 is not an address of this machine (rank 0 serves the meeting at the address given, so give one of its own)</source>
        <translation>无法在 %1 监听：%2 不是本机的地址（进程 0 在给定的地址提供会合服务，因此请给出它自己的地址）</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+5"/>
        <source>cannot listen at %1: %2</source>
        <translation>无法在 %1 监听：%2</translation>
    </message>
    <message>
        <location filename="../engine/distributed/storesocket.cpp" line="+47"/>
        <source>cannot resolve %1: %2</source>
        <translation>无法解析 %1：%2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>cannot resolve %1: no address</source>
        <translation>无法解析 %1：没有地址</translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <location filename="../engine/report/reporthtml.cpp" line="+174"/>
        <source>No charts: this build of EpochScope was made without cairo (EPOCHSCOPE_WITH_CAIRO=OFF). The tables hold every figure.</source>
        <translation>没有图表：此 EpochScope 构建未包含 cairo（EPOCHSCOPE_WITH_CAIRO=OFF）。各表格包含全部数值。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Written by epochscope-cli compare; docs/reports.md says what each section means.</source>
        <translation>由 epochscope-cli compare 生成；各部分的含义见 docs/reports.md。</translation>
    </message>
    <message>
        <location filename="../engine/report/reportpdf.cpp" line="+33"/>
        <source>PDF reports need cairo and pango, and this build of EpochScope was made without them (EPOCHSCOPE_WITH_CAIRO=OFF); rebuild with -DEPOCHSCOPE_WITH_CAIRO=ON (Debian: libcairo2-dev libpango1.0-dev), or write .html or .md</source>
        <translation>PDF 报告需要 cairo 和 pango，而此 EpochScope 构建未包含它们（EPOCHSCOPE_WITH_CAIRO=OFF）；请用 -DEPOCHSCOPE_WITH_CAIRO=ON 重新构建（Debian：libcairo2-dev libpango1.0-dev），或者写成 .html 或 .md</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>cannot write the PDF: %1</source>
        <translation>无法写入 PDF：%1</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>Written by EpochScope; docs/reports.md says what each section means.</source>
        <translation>由 EpochScope 生成；各部分的含义见 docs/reports.md。</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>EpochScope comparison report · page %1 of %2</source>
        <translation>EpochScope 比较报告 · 第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <location filename="../engine/report/reporttables.cpp" line="+23"/>
        <source>not recorded</source>
        <translation>未记录</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (run #%2, %3) is the baseline; every difference is another run minus %1.</source>
        <translation>%1（运行 #%2，%3）是基线；每个差值都是其他运行减去 %1。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run id</source>
        <translation>运行 ID</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ended</source>
        <translation>结束时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Placement</source>
        <translation>数据放置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Intra-op threads</source>
        <translation>算子内线程数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Inter-op threads</source>
        <translation>算子间线程数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Batch size</source>
        <translation>批大小</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Processes</source>
        <translation>进程数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+169"/>
        <source>Warm steps</source>
        <translation>稳态步数</translation>
    </message>
    <message>
        <location line="-167"/>
        <source>Warm step (median ms)</source>
        <translation>稳态步（中位数 ms）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Samples/s</source>
        <translation>样本/秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scaling efficiency vs A</source>
        <translation>相对 A 的扩展效率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>First-epoch ratio</source>
        <translation>首轮耗时比</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training time (s, steps)</source>
        <translation>训练时间（s，各步之和）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Wall time (s, whole run)</source>
        <translation>实际耗时（s，整个运行）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Warm steps are those after epoch 1 (after the first 10% of a one-epoch run). Training time is the sum of every step&apos;s wall time; wall time is the whole run as its summary recorded it (setup, validation and callbacks included). Batch size is per process, and samples/s counts every process&apos;s samples. Scaling efficiency (where a run trained on several processes) is the run&apos;s warm samples/s per machine, or per GPU on CUDA, over A&apos;s: 1.0 means each machine or GPU added trained as fast as A&apos;s did.</source>
        <translation>稳态步是第 1 轮之后的步（只有一轮的运行则为前 10% 之后的步）。训练时间是所有步实际耗时之和；实际耗时是运行摘要记录的整个运行的时间（含准备、验证和回调）。批大小按每个进程计，样本/秒计入所有进程的样本。扩展效率（运行使用多个进程时）是该运行每台机器（CUDA 上为每块 GPU）的稳态样本/秒除以 A 的：1.0 表示每增加一台机器或一块 GPU，其训练速度与 A 的一样快。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>absent</source>
        <translation>不存在</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Epoch times (s)</source>
        <translation>每轮耗时（s）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 train</source>
        <translation>%1 训练</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 validation</source>
        <translation>%1 验证</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 wall</source>
        <translation>%1 实际</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>No run completed an epoch.</source>
        <translation>没有运行完成过一轮。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Phases</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location line="-23"/>
        <location line="+24"/>
        <location line="+8"/>
        <location line="+188"/>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location line="-219"/>
        <source>Tensor memory peak per warm step (MB, median)</source>
        <translation>每个稳态步的张量内存峰值（MB，中位数）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Median per warm step (ms)</source>
        <translation>每个稳态步的中位数（ms）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Over every step (s, and share of the training time)</source>
        <translation>所有步合计（s，及占训练时间的比例）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 share</source>
        <translation>%1 占比</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Medians of each phase need not add up to the median step; the totals add up to the training time.</source>
        <translation>各阶段的中位数之和不一定等于步耗时中位数；各阶段的合计之和等于训练时间。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Step latency (warm steps, ms)</source>
        <translation>步延迟（稳态步，ms）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>p90</source>
        <translation>p90</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>p99 / p50</source>
        <translation>p99 / p50</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Step time distribution (warm steps)</source>
        <translation>步耗时分布（稳态步）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No run has warm steps.</source>
        <translation>没有运行有稳态步。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 log-spaced bins from %2 to %3 ms, the same for every run; each count is that run&apos;s steps in the bin, the bar its share of the run&apos;s warm steps.</source>
        <translation>从 %2 到 %3 ms 的 %1 个对数间隔区间，所有运行相同；每个计数是该运行落在此区间的步数，条形为其占该运行稳态步的比例。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 equal bins from %2 to %3 ms, the same for every run; each count is that run&apos;s steps in the bin, the bar its share of the run&apos;s warm steps.</source>
        <translation>从 %2 到 %3 ms 的 %1 个等宽区间，所有运行相同；每个计数是该运行落在此区间的步数，条形为其占该运行稳态步的比例。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Step time (ms)</source>
        <translation>步耗时（ms）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Host-to-device transfer</source>
        <translation>主机到设备传输</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bytes per warm step (median)</source>
        <translation>每个稳态步的字节数（中位数）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Copy ms per warm step (median)</source>
        <translation>每个稳态步的复制 ms（中位数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Effective GB/s</source>
        <translation>有效 GB/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bytes over every step</source>
        <translation>所有步的字节数</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Utilisation (system sampler)</source>
        <translation>利用率（系统采样）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Samples</source>
        <translation>采样数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Process CPU % (mean)</source>
        <translation>进程 CPU %（平均）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Process CPU % (max)</source>
        <translation>进程 CPU %（最大）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Machine CPU % (mean)</source>
        <translation>整机 CPU %（平均）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Peak RSS (MB)</source>
        <translation>常驻内存 RSS 峰值（MB）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU utilisation % (mean)</source>
        <translation>GPU 利用率 %（平均）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GPU memory peak (MB)</source>
        <translation>GPU 显存峰值（MB）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Process CPU: 100% is one core busy; machine CPU: 100% is every core busy.</source>
        <translation>进程 CPU：100% 表示一个核心满载；整机 CPU：100% 表示所有核心满载。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Findings</source>
        <translation>诊断结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The diagnosis saved with each run (epochscope-cli diagnose ID saves one).</source>
        <translation>随每个运行保存的诊断（epochscope-cli diagnose ID 会保存一份）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Id</source>
        <translation>规则</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Title</source>
        <translation>标题</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>no findings saved</source>
        <translation>没有保存的诊断结果</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Attribution to phases</source>
        <translation>按阶段归因</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Per phase: the run&apos;s median per warm step minus %1&apos;s (ms/step), and its mean per step minus %1&apos;s over every step, times %1&apos;s %2 steps (seconds scaled to %1&apos;s length, not measured as such).</source>
        <translation>按阶段：该运行每个稳态步的中位数减去 %1 的（ms/步），以及其所有步的每步平均值减去 %1 的，再乘以 %1 的 %2 步（按 %1 的长度换算的秒数，并非直接实测）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 against %2</source>
        <translation>%1 对比 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (ms/step)</source>
        <translation>%1（ms/步）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (s, scaled)</source>
        <translation>%1（s，换算）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>All steps</source>
        <translation>所有步</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Speedup per step</source>
        <translation>每步加速比</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Comparison of %1 runs: %2</source>
        <translation>%1 个运行的比较：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The same in every run: the machine and LibTorch build each run&apos;s summary recorded (&quot;not recorded&quot;: the run has no summary).</source>
        <translation>所有运行均相同：各运行摘要记录的机器和 LibTorch 构建（“未记录”：该运行没有摘要）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Only what differs: the machine and LibTorch build each run&apos;s summary recorded (&quot;not recorded&quot;: the run has no summary).</source>
        <translation>只列出不同之处：各运行摘要记录的机器和 LibTorch 构建（“未记录”：该运行没有摘要）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Run facts</source>
        <translation>运行信息</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The same in every run: what each run recorded when training started, beyond the runs table.</source>
        <translation>所有运行均相同：各运行在训练开始时记录的、运行表之外的信息。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Only what differs: what each run recorded when training started, beyond the runs table.</source>
        <translation>只列出不同之处：各运行在训练开始时记录的、运行表之外的信息。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Config</source>
        <translation>配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The same in every run: the configs as run, by dotted path (&quot;absent&quot;: not in that config).</source>
        <translation>所有运行均相同：运行时的配置，按点分路径列出（“不存在”：该配置中没有此项）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Only what differs: the configs as run, by dotted path (&quot;absent&quot;: not in that config).</source>
        <translation>只列出不同之处：运行时的配置，按点分路径列出（“不存在”：该配置中没有此项）。</translation>
    </message>
    <message>
        <location filename="../engine/report/runcomparison.cpp" line="+313"/>
        <source>%1 is as fast per step as %2 (%3 vs %4 ms/step)</source>
        <translation>%1 每步与 %2 一样快（%3 对比 %4 ms/步）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is %2 faster per step than %3 (%4 vs %5 ms/step)</source>
        <translation>%1 每步比 %3 快 %2（%4 对比 %5 ms/步）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 is %2 slower per step than %3 (%4 vs %5 ms/step)</source>
        <translation>%1 每步比 %3 慢 %2（%4 对比 %5 ms/步）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 cannot be compared per step with %2: %3 has no warm steps (those after epoch 1, or after the first 10% of a one-epoch run).</source>
        <translation>%1 无法与 %2 逐步比较：%3 没有稳态步（即第 1 轮之后的步，只有一轮的运行则为前 10% 之后的步）。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1 %2 s over %3&apos;s %4 steps in total, not in the median step</source>
        <translation>%1 在 %3 的 %4 步中合计 %2 s，不在步耗时中位数里</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 %2 s in total, not in the median step</source>
        <translation>%1 合计 %2 s，不在步耗时中位数里</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 %2 ms/step</source>
        <translation>%1 %2 ms/步</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 %2 ms/step (%3 s over %4&apos;s %5 steps)</source>
        <translation>%1 %2 ms/步（在 %4 的 %5 步中合计 %3 s）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 %2 ms/step (%3 s)</source>
        <translation>%1 %2 ms/步（%3 s）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: no phase differs by 1% of %2&apos;s step or more.</source>
        <translation>%1：没有哪个阶段的差值达到 %2 步耗时的 1% 或以上。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2; the other phases differ by less than 1% of %3&apos;s step.</source>
        <translation>%1：%2；其他阶段的差值不到 %3 步耗时的 1%。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: %2.</source>
        <translation>%1：%2。</translation>
    </message>
    <message>
        <location filename="../engine/report/sourcedate.cpp" line="+23"/>
        <source>%1 is &quot;%2&quot;; it must be a whole number of seconds since 1970-01-01 UTC (for example 1700000000), or unset</source>
        <translation>%1 为“%2”；它必须是自 1970-01-01 UTC 起的整秒数（例如 1700000000），或不设置</translation>
    </message>
</context>
<context>
    <name>ReportChart</name>
    <message>
        <location filename="../engine/report/chartpainter.cpp" line="+262"/>
        <source>no warm steps</source>
        <translation>没有稳态步</translation>
    </message>
    <message>
        <location filename="../engine/report/reportcharts.cpp" line="+8"/>
        <source>Chart: %1, one bar per run (%2), its parts %3. The table below holds the figures.</source>
        <translation>图表：%1，每个运行一根柱（%2），各段为 %3。下表列出具体数值。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Chart: %1, one line per run (%2). The table below holds the figures.</source>
        <translation>图表：%1，每个运行一条线（%2）。下表列出具体数值。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Chart: %1, one bar per run in each bin (%2). The table below holds the figures.</source>
        <translation>图表：%1，每个区间中每个运行一根柱（%2）。下表列出具体数值。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Median per warm step by phase</source>
        <translation>各阶段每个稳态步的中位数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ms per warm step (medians of each phase, stacked)</source>
        <translation>每个稳态步的 ms（各阶段中位数，堆叠）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Epoch wall time</source>
        <translation>每轮实际耗时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wall time (s)</source>
        <translation>实际耗时（s）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Warm step times</source>
        <translation>稳态步耗时</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Step time (ms, log-spaced bins)</source>
        <translation>步耗时（ms，对数间隔区间）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step time (ms)</source>
        <translation>步耗时（ms）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
</context>
<context>
    <name>RuleName</name>
    <message>
        <location filename="../engine/diagnosis/rulename.cpp" line="+13"/>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>input-bound</source>
        <translation>输入受限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>transfer-bound</source>
        <translation>传输受限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>callback-heavy</source>
        <translation>回调开销大</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unfused-lstm</source>
        <translation>未融合的 LSTM</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unfused-recurrent</source>
        <translation>未融合循环层</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stragglers</source>
        <translation>掉队步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>low-efficiency</source>
        <translation>算力利用率低</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>allocator-churn</source>
        <translation>内存反复分配</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>communication-bound</source>
        <translation>通信受限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>straggler-rank</source>
        <translation>掉队进程</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>padding-waste</source>
        <translation>填充浪费</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>memory-growth</source>
        <translation>内存增长</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>memory-headroom</source>
        <translation>内存余量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>reference-blas</source>
        <translation>参考 BLAS</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>slow-blas</source>
        <translation>BLAS 过慢</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>too-few-threads</source>
        <translation>线程过少</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>oversubscribed-threads</source>
        <translation>线程超额</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>omp-num-threads</source>
        <translation>OMP_NUM_THREADS 设置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>gpu-unused</source>
        <translation>GPU 未使用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>pageable-copies</source>
        <translation>可分页内存复制</translation>
    </message>
</context>
<context>
    <name>RunBanner</name>
    <message>
        <location filename="../cli/runbanner.cpp" line="+51"/>
        <source>Finished %1 epoch of %2 epochs, ended by %3, in %4</source>
        <translation>已完成 %2 轮中的 %1 轮，由 %3 提前结束，用时 %4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Finished %1 epochs of %2 epochs, ended by %3, in %4</source>
        <translation>已完成 %2 轮中的 %1 轮，由 %3 提前结束，用时 %4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Finished %1 epoch in %2</source>
        <translation>已完成 %1 轮，用时 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Finished %1 epochs in %2</source>
        <translation>已完成 %1 轮，用时 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stopped after %1 of %2 epochs in %3</source>
        <translation>完成 %2 轮中的 %1 轮后停止，用时 %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Failed before training started in %1</source>
        <translation>训练开始前失败，用时 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failed after %1 of %2 epochs in %3</source>
        <translation>完成 %2 轮中的 %1 轮后失败，用时 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Ended (%1) in %2</source>
        <translation>已结束（%1），用时 %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 parameter</source>
        <translation>%1 个参数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 parameters</source>
        <translation>%1 个参数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 per training step of %2 sample</source>
        <translation>每个训练步（%2 个样本）%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 per training step of %2 samples</source>
        <translation>每个训练步（%2 个样本）%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Model:   %1</source>
        <translation>模型：  %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 training + %2 validation samples</source>
        <translation>%1 个训练样本 + %2 个验证样本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 training samples</source>
        <translation>%1 个训练样本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 placement, prefetch %2</source>
        <translation>数据放置 %1，预取 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 placement, no prefetch</source>
        <translation>数据放置 %1，不预取</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 step per epoch</source>
        <translation>每轮 %1 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 steps per epoch</source>
        <translation>每轮 %1 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 epoch</source>
        <translation>%1 轮</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 epochs</source>
        <translation>%1 轮</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Data:    %1</source>
        <translation>数据：  %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source:  %1</source>
        <translation>来源：  %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Device:  %1 - %2, %3</source>
        <translation>设备：  %1 - %2，%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 intra-op thread</source>
        <translation>%1 个算子内线程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 intra-op threads</source>
        <translation>%1 个算子内线程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 inter-op thread</source>
        <translation>%1 个算子间线程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 inter-op threads</source>
        <translation>%1 个算子间线程</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>denormals flushed to zero (%1)</source>
        <translation>非规格化数清零（%1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Ranks:   %1 - a global batch of %2 samples (%3 per process) - %4</source>
        <translation>进程：  %1 - 全局批次 %2 个样本（每个进程 %3 个）- %4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 processes</source>
        <translation>%1 个进程</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Backend: %1</source>
        <translation>后端：  %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Backend: %1 (%2)</source>
        <translation>后端：  %1（%2）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Layer:   %1: %2</source>
        <translation>层：    %1：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Memory:  %1 allocator (%2)</source>
        <translation>内存：  %1 分配器（%2）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>steady state %1ms/step</source>
        <translation>稳态 %1ms/步</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>first epoch %1x the later ones</source>
        <translation>首轮耗时是后续轮次的 %1 倍</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>warm-up %1</source>
        <translation>预热 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 samples/s</source>
        <translation>%1 样本/秒</translation>
    </message>
</context>
<context>
    <name>RunCheckpoints</name>
    <message>
        <location filename="../engine/store/runcheckpoints.cpp" line="+37"/>
        <source>epoch %1, step %2</source>
        <translation>第 %1 轮，第 %2 步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>epoch %1</source>
        <translation>第 %1 轮</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>%1 is no longer there: moved or deleted since the run wrote it</source>
        <translation>%1 已不在原处：运行写入它之后，它被移动或删除了</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 is no longer a file: something else took its path since the run wrote it</source>
        <translation>%1 已不再是文件：运行写入它之后，其路径被别的东西占用了</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is not the file the run wrote: it was %2 bytes, modified %3, and is %4 bytes, modified %5 (rewritten since)</source>
        <translation>%1 不是运行写入的那个文件：当时为 %2 字节，修改于 %3；现在为 %4 字节，修改于 %5（之后被重写过）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 was overwritten by the run&apos;s own later save (%2): the filepath has no {epoch} field, so the file holds that save now</source>
        <translation>%1 被该运行自己后来的一次保存（%2）覆盖：filepath 中没有 {epoch} 字段，因此该文件现在存的是那次保存的内容</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 was deleted by the run itself (backup_and_restore deletes its backup when training completes)</source>
        <translation>%1 被运行本身删除了（backup_and_restore 会在训练完成时删除其备份）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 cannot be looked at: %2</source>
        <translation>无法查看 %1：%2</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>no run %1 in %2 (see `runs list`)</source>
        <translation>%2 中没有运行 %1（见 `runs list`）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>run %1 (%2) has no model checkpoint recorded: its config has no model_checkpoint callback, it ended before the first save, or it was recorded before the run database kept checkpoints; give the file with --checkpoint</source>
        <translation>运行 %1（%2）没有记录模型检查点：它的配置中没有 model_checkpoint 回调，或它在第一次保存之前就结束了，或它是在运行数据库开始保存检查点之前记录的；请用 --checkpoint 指定文件</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>run %1 (%2) has no checkpoint marked best: model_checkpoint&apos;s monitor %3 was not logged (or not a number) at any save; take the last checkpoint instead</source>
        <translation>运行 %1（%2）没有标记为最佳的检查点：每次保存时，model_checkpoint 的 monitor %3 都没有被记录（或不是数值）；请改用最后一个检查点</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>run %1 (%2): its best checkpoint (%3) cannot be used: %4</source>
        <translation>运行 %1（%2）：其最佳检查点（%3）无法使用：%4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>run %1 (%2): its last checkpoint (%3) cannot be used: %4</source>
        <translation>运行 %1（%2）：其最后一个检查点（%3）无法使用：%4</translation>
    </message>
</context>
<context>
    <name>RunConfigCheck</name>
    <message>
        <location filename="../engine/config/runconfigcheck.cpp" line="+120"/>
        <source>%1 values (%2 GiB) are more than the generator holds in memory (%3 values); use fewer samples or timesteps</source>
        <translation>%1 个值（%2 GiB）超出了生成器能在内存中容纳的上限（%3 个值）；请减少样本数或时间步数</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&quot;pinned&quot; speeds up copies to a CUDA device, but device.name is &quot;%1&quot;; use &quot;host&quot; or &quot;device&quot; on the CPU</source>
        <translation>&quot;pinned&quot; 用于加快向 CUDA 设备的复制，但 device.name 为 &quot;%1&quot;；在 CPU 上请使用 &quot;host&quot; 或 &quot;device&quot;</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&quot;by_length&quot; batches the texts of a text source (text_csv, text_folder) by their length, but data.source.type is &quot;%1&quot;; use &quot;fixed&quot;</source>
        <translation>&quot;by_length&quot;按长度为文本数据源（text_csv、text_folder）的文本分批，但 data.source.type 为&quot;%1&quot;；请使用&quot;fixed&quot;</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&quot;by_length&quot; batching cuts each batch after its longest text, which needs the padding after the text: use &quot;post&quot;</source>
        <translation>&quot;by_length&quot;分批会把每批截到其中最长的文本，这要求填充位于文本之后：请使用&quot;post&quot;</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&quot;by_length&quot; batching pads each batch to its own longest text, so the model must skip the padding to compute the same for a text in any batch: set mask_zero to true</source>
        <translation>&quot;by_length&quot;分批把每批填充到其中最长的文本，因此模型必须跳过填充，才能让一条文本在任何批中得到相同的结果：请把 mask_zero 设为 true</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&quot;onednn&quot; runs the LSTM layers on the CPU, but device.name is &quot;%1&quot;; use &quot;auto&quot; or &quot;libtorch&quot; (cuDNN&apos;s fused LSTM) on a CUDA device, or device.name &quot;cpu&quot;</source>
        <translation>&quot;onednn&quot; 在 CPU 上运行 LSTM 层，但 device.name 为 &quot;%1&quot;；在 CUDA 设备上请使用 &quot;auto&quot; 或 &quot;libtorch&quot;（cuDNN 的融合 LSTM），或将 device.name 设为 &quot;cpu&quot;</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&quot;nccl&quot; reduces CUDA tensors only, but device.name is &quot;%1&quot;; use &quot;gloo&quot; or &quot;auto&quot; on the CPU, or a CUDA device.name</source>
        <translation>&quot;nccl&quot; 只能归约 CUDA 张量，但 device.name 为 &quot;%1&quot;；在 CPU 上请使用 &quot;gloo&quot; 或 &quot;auto&quot;，或将 device.name 设为 CUDA 设备</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>data.source.type &quot;%1&quot; gives integer token ids, so the first layer must be &quot;embedding&quot; to turn them into vectors; got &quot;%2&quot;, which needs float features (data.source.type &quot;synthetic_regression&quot;)</source>
        <translation>data.source.type &quot;%1&quot; 提供整数词元 ID，因此第一层必须是 &quot;embedding&quot;，把它们转换为向量；实际为 &quot;%2&quot;，它需要浮点特征（data.source.type &quot;synthetic_regression&quot;）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&quot;embedding&quot; needs integer token ids (data.source.type &quot;synthetic_tokens&quot;, &quot;npy&quot; or &quot;npz&quot;), but data.source.type &quot;%1&quot; gives float features; start with &quot;lstm&quot; or &quot;dense&quot; instead</source>
        <translation>&quot;embedding&quot; 需要整数词元 ID（data.source.type &quot;synthetic_tokens&quot;、&quot;npy&quot; 或 &quot;npz&quot;），但 data.source.type &quot;%1&quot; 提供的是浮点特征；请改用 &quot;lstm&quot; 或 &quot;dense&quot; 作为第一层</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 is smaller than data.source.vocab_size %2; token ids would be out of range</source>
        <translation>%1 小于 data.source.vocab_size %2；词元 ID 会超出范围</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>1 class leaves nothing to tell apart; use 2 or more for class targets, or 0 for the source&apos;s own targets</source>
        <translation>只有 1 个类别就没有什么可区分的；类别目标请使用 2 或更大的值，或设为 0 以使用数据源自身的目标</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 ids cannot give %2 classes their own words: the generator needs the padding id 0, a word per class and a neutral word; use vocab_size %3 or more, or fewer classes</source>
        <translation>%1 个 ID 不够让 %2 个类别各有自己的词：生成器需要填充 ID 0、每个类别一个词和一个中性词；请使用 %3 或更大的 vocab_size，或减少类别数</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>token ids need [timesteps], got %1 values</source>
        <translation>词元 ID 需要 [timesteps]，实际为 %1 个值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>float features need [timesteps, features], got %1 values</source>
        <translation>浮点特征需要 [timesteps, features]，实际为 %1 个值</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>the model expects samples of shape %1 but data.source.type &quot;%2&quot; gives %3</source>
        <translation>模型期望形状为 %1 的样本，但 data.source.type &quot;%2&quot; 提供的是 %3</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&quot;embedding&quot; must be the first layer: it takes token ids, which only the data gives</source>
        <translation>&quot;embedding&quot; 必须是第一层：它接收词元 ID，而词元 ID 只能来自数据</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&quot;softmax&quot; over 1 unit always outputs 1.0, so nothing can be learned; use &quot;sigmoid&quot; for a single output</source>
        <translation>只有 1 个单元的 &quot;softmax&quot; 总是输出 1.0，因此学不到任何东西；单个输出请使用 &quot;sigmoid&quot;</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>a recurrent layer needs a sequence (one vector per time step), but %1 (%2 with return_sequences false) outputs one vector per sample; set %3 to true</source>
        <translation>循环层需要序列（每个时间步一个向量），但 %1（return_sequences 为 false 的 %2）每个样本只输出一个向量；请将 %3 设为 true</translation>
    </message>
    <message>
        <location filename="../engine/config/outputcheck.cpp" line="+32"/>
        <source>the last layer must be &quot;dense&quot;: it turns the recurrent layers&apos; output into the predictions; got &quot;%1&quot;</source>
        <translation>最后一层必须是 &quot;dense&quot;：由它把循环层的输出转换为预测值；实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>training.loss &quot;%1&quot; needs class targets, but data.source.type &quot;%2&quot; gives real numbers; set classes to the number of classes (2 or more), or use &quot;mse&quot;</source>
        <translation>training.loss &quot;%1&quot; 需要类别目标，但 data.source.type &quot;%2&quot; 提供的是实数；请把 classes 设为类别数（2 或更多），或使用 &quot;mse&quot;</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>training.loss &quot;%1&quot; needs one output unit per class; got units %2 (for one 0/1 target use a single sigmoid unit with &quot;binary_crossentropy&quot;)</source>
        <translation>training.loss &quot;%1&quot; 需要每个类别一个输出单元；实际 units 为 %2（单个 0/1 目标请使用一个 sigmoid 单元和 &quot;binary_crossentropy&quot;）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>data.source.type &quot;%1&quot; gives %2 classes, so the last layer needs units %2 (one probability per class); got %3</source>
        <translation>data.source.type &quot;%1&quot; 提供 %2 个类别，因此最后一层的 units 必须为 %2（每个类别一个概率）；实际为 %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>training.loss &quot;%1&quot; reads probabilities that sum to 1 over the classes, so the last layer&apos;s activation must be &quot;softmax&quot;; got &quot;%2&quot;</source>
        <translation>training.loss &quot;%1&quot; 读取的是在各类别上总和为 1 的概率，因此最后一层的 activation 必须是 &quot;softmax&quot;；实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&quot;binary_crossentropy&quot; needs 0/1 targets, but data.source.classes %1 gives class ids up to %2; use &quot;sparse_categorical_crossentropy&quot; with a last layer of %1 softmax units</source>
        <translation>&quot;binary_crossentropy&quot; 需要 0/1 目标，但 data.source.classes %1 给出的类别 ID 最大为 %2；请使用 &quot;sparse_categorical_crossentropy&quot;，并让最后一层有 %1 个 softmax 单元</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&quot;binary_crossentropy&quot; needs 0/1 targets, but data.source.type &quot;%1&quot; gives real numbers; use &quot;mse&quot; or &quot;mae&quot;, or set data.source.classes to 2</source>
        <translation>&quot;binary_crossentropy&quot; 需要 0/1 目标，但 data.source.type &quot;%1&quot; 提供的是实数；请使用 &quot;mse&quot; 或 &quot;mae&quot;，或将 data.source.classes 设为 2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>training.loss &quot;%1&quot; compares one output with one target per sample, so the last layer needs units 1; got %2 (for %2 classes use &quot;sparse_categorical_crossentropy&quot; and a softmax)</source>
        <translation>training.loss &quot;%1&quot; 对每个样本比较一个输出和一个目标，因此最后一层的 units 必须为 1；实际为 %2（%2 个类别请使用 &quot;sparse_categorical_crossentropy&quot; 和 softmax）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>the model outputs a sequence (one value per time step), but data.source.type &quot;%1&quot; gives one target per sample; set return_sequences to false on the last recurrent layer</source>
        <translation>模型输出的是序列（每个时间步一个值），但 data.source.type &quot;%1&quot; 每个样本只给一个目标；请将最后一个循环层的 return_sequences 设为 false</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&quot;mae&quot; compares outputs with targets of the same shape, but &quot;sparse_categorical_crossentropy&quot; targets are class ids; use &quot;accuracy&quot;</source>
        <translation>&quot;mae&quot; 比较形状相同的输出和目标，但 &quot;sparse_categorical_crossentropy&quot; 的目标是类别 ID；请使用 &quot;accuracy&quot;</translation>
    </message>
    <message>
        <location line="-20"/>
        <source>the model outputs a sequence (one value per time step), but data.source.type &quot;%1&quot; gives one target per sample; add an &quot;lstm&quot; layer with return_sequences false to reduce the time steps to one vector</source>
        <translation>模型输出的是序列（每个时间步一个值），但 data.source.type &quot;%1&quot; 为每个样本提供一个目标；请添加一个 return_sequences 为 false 的 &quot;lstm&quot; 层，把各时间步归约为一个向量</translation>
    </message>
    <message>
        <location filename="../engine/config/runconfigcheck.cpp" line="+46"/>
        <source>{%1} is not a value this run logs; expected one of: %2</source>
        <translation>{%1} 不是本次运行记录的值；应为以下之一：%2</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1 is not logged by this run (data.validation_split is 0 and there is no validation data, so nothing is validated); expected one of: %2</source>
        <translation>本次运行不记录 %1（data.validation_split 为 0 且没有验证数据，因此不做任何验证）；应为以下之一：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is not logged by this run; expected one of: %2</source>
        <translation>本次运行不记录 %1；应为以下之一：%2</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1 leaves 0 of the %2 samples for training</source>
        <translation>%1 使 %2 个样本中没有一个留给训练</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 leaves 0 of the %2 samples for validation; use 0 for no validation or a larger split</source>
        <translation>%1 使 %2 个样本中没有一个留给验证；不需要验证请设为 0，否则请使用更大的比例</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is larger than the %2 training samples and data.drop_last is true, so an epoch would have no batch at all</source>
        <translation>%1 大于 %2 个训练样本，且 data.drop_last 为 true，因此一轮中将没有任何批次</translation>
    </message>
</context>
<context>
    <name>RunConfigParse</name>
    <message>
        <location filename="../engine/config/runconfigparse.cpp" line="+80"/>
        <source>&quot;orthogonal&quot; needs a matrix, and a bias is a vector; use &quot;zeros&quot; (Keras&apos; default) or another initializer</source>
        <translation>&quot;orthogonal&quot; 需要矩阵，而偏置是向量；请使用 &quot;zeros&quot;（Keras 的默认值）或其他初始化器</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>expected null, [timesteps] (token ids) or [timesteps, features], each a positive integer up to %1, got %2</source>
        <translation>应为 null、[timesteps]（词元 ID）或 [timesteps, features]，每项均为不超过 %1 的正整数，实际为 %2</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>expected at least one layer, got an empty array</source>
        <translation>应至少有一层，实际为空数组</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>expected a column name (a non-empty string) or a 0-based column index (0 to %1), got %2</source>
        <translation>应为列名（非空字符串）或从 0 开始的列索引（0 到 %1），实际为 %2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>expected &quot;auto&quot;, &quot;,&quot;, &quot;;&quot;, &quot;\t&quot; or &quot;tab&quot;, got %1</source>
        <translation>应为 &quot;auto&quot;、&quot;,&quot;、&quot;;&quot;、&quot;\t&quot; 或 &quot;tab&quot;，实际为 %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>expected at least one column, got an empty array</source>
        <translation>应至少有一列，实际为空数组</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>required key is missing; expected a column name (a non-empty string) or a 0-based column index (0 to %1) for the value each sample predicts</source>
        <translation>缺少必需的键；应为每个样本要预测的值所在的列：列名（非空字符串）或从 0 开始的列索引（0 到 %1）</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>expected a column name (a non-empty string) or a 1-based column position (1 to %1)</source>
        <translation>应为列名（非空字符串）或从 1 开始的列位置（1 到 %1）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>required key is missing; %1</source>
        <translation>缺少必需的键；%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, got %2</source>
        <translation>%1，实际为 %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>names the same column as text_column; the label is another column</source>
        <translation>与 text_column 指向同一列；标签应在另一列</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>is the same position as text_column; the label is another column</source>
        <translation>与 text_column 位置相同；标签应在另一列</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>expected the name of a folder or file (no &apos;/&apos;), got %1</source>
        <translation>应为文件夹或文件的名称（不含&quot;/&quot;），实际为 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>expected 0 (no limit) or at least 3: the padding and [UNK] entries count, so %1 leaves no room for a word</source>
        <translation>应为 0（不限）或至少 3：填充和 [UNK] 两项也计入，%1 不给任何词留位置</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>required when %1 is given: validation needs inputs and targets</source>
        <translation>给出 %1 时此项为必需：验证既需要输入也需要目标</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>applies to the text sources (text_csv, text_folder), not to &quot;%1&quot;; remove it</source>
        <translation>仅适用于文本数据源（text_csv、text_folder），不适用于&quot;%1&quot;；请删除它</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>expected an object or one of %1, got %2</source>
        <translation>应为对象或 %1 之一，实际为 %2</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>expected one of %1, got %2</source>
        <translation>应为 %1 之一，实际为 %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>duplicate metric &quot;%1&quot;; each metric is computed and logged once</source>
        <translation>重复的指标 &quot;%1&quot;；每个指标只计算并记录一次</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>expected &quot;cpu&quot;, &quot;cuda&quot; or &quot;cuda:N&quot; (N from 0 to 127), got %1</source>
        <translation>应为 &quot;cpu&quot;、&quot;cuda&quot; 或 &quot;cuda:N&quot;（N 为 0 到 127），实际为 %1</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>expected a network interface (&quot;eth0&quot;) or an address of this machine of at most %1 bytes, got %2 bytes</source>
        <translation>应为网络接口（&quot;eth0&quot;）或本机地址，最多 %1 字节，实际为 %2 字节</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>expected a network interface (&quot;eth0&quot;) or an address of this machine, without spaces or control characters; got %1, which has one at byte %2</source>
        <translation>应为不含空白或控制字符的网络接口（&quot;eth0&quot;）或本机地址；实际为 %1，第 %2 字节处含有此类字符</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>expected at most %1 callbacks, got %2</source>
        <translation>最多应有 %1 个回调，实际为 %2 个</translation>
    </message>
</context>
<context>
    <name>RunConfigText</name>
    <message>
        <location filename="../engine/config/runconfigtext.cpp" line="+30"/>
        <source>cannot open the file: %1</source>
        <translation>无法打开文件：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the file is larger than %1 MiB; a run config is a few KiB</source>
        <translation>文件大于 %1 MiB；运行配置只有几 KiB</translation>
    </message>
</context>
<context>
    <name>RunOverrides</name>
    <message>
        <location filename="../cli/runoverrides.cpp" line="+54"/>
        <source>empty, and Slurm gives each of the %1 tasks its rank but not where the ranks meet: export MASTER_ADDR (the first host of the job, `scontrol show hostnames &quot;$SLURM_JOB_NODELIST&quot; | head -n 1`) and MASTER_PORT (a free port, such as 29500) in the batch script, or set distributed.init</source>
        <translation>为空，而 Slurm 只给出 %1 个任务各自的进程编号，不给出会合点：请在批处理脚本中导出 MASTER_ADDR（作业的第一台主机，`scontrol show hostnames &quot;$SLURM_JOB_NODELIST&quot; | head -n 1`）和 MASTER_PORT（一个空闲端口，例如 29500），或设置 distributed.init</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>empty, and neither MASTER_ADDR and MASTER_PORT nor EPOCHSCOPE_RENDEZVOUS say where the %1 ranks meet: export them, or set distributed.init</source>
        <translation>为空，且 MASTER_ADDR 和 MASTER_PORT、EPOCHSCOPE_RENDEZVOUS 都未给出 %1 个进程的会合点：请导出它们，或设置 distributed.init</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>empty, and nothing says where the ranks meet: set it (tcp://HOST:PORT or file:PATH), pass --master HOST:PORT, or start the ranks with --nproc N, torchrun or srun</source>
        <translation>为空，且没有任何设置给出各进程的会合点：请设置它（tcp://HOST:PORT 或 file:PATH）、传入 --master HOST:PORT，或用 --nproc N、torchrun 或 srun 启动各进程</translation>
    </message>
</context>
<context>
    <name>RunRecord</name>
    <message>
        <location filename="../engine/callbacks/backupandrestore.cpp" line="-25"/>
        <source>the previous backup (if any) in %1 is intact, and a restart resumes from it</source>
        <translation>%1 中先前的备份（如果有）完好无损，重新启动会从它继续</translation>
    </message>
    <message>
        <location filename="../engine/callbacks/metriccallbacks.cpp" line="-29"/>
        <source>early_stopping at epoch %1 (%2 did not improve for %3 epochs)</source>
        <translation>early_stopping 于第 %1 轮（%2 连续 %3 轮没有改善）</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>terminate_on_nan at batch %1 of epoch %2</source>
        <translation>terminate_on_nan 于第 %2 轮第 %1 批</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>csv_logger cannot write its log: %1</source>
        <translation>csv_logger 无法写入其日志：%1</translation>
    </message>
    <message>
        <location filename="../engine/model/backendchoice.cpp" line="-10"/>
        <source>set to libtorch in the config</source>
        <translation>配置中设为 libtorch</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>set to onednn in the config</source>
        <translation>配置中设为 onednn</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>auto: on a CUDA device LibTorch&apos;s LSTM runs cuDNN&apos;s fused kernels</source>
        <translation>auto：在 CUDA 设备上 LibTorch 的 LSTM 运行 cuDNN 的融合内核</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>auto: this build has no oneDNN (configured with EPOCHSCOPE_WITH_ONEDNN=OFF)</source>
        <translation>auto：此构建不含 oneDNN（以 EPOCHSCOPE_WITH_ONEDNN=OFF 配置）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>auto: the model has no recurrent layer</source>
        <translation>auto：模型没有循环层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>auto: fused oneDNN LSTM on the CPU</source>
        <translation>auto：在 CPU 上使用 oneDNN 融合 LSTM</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>on: set in the config</source>
        <translation>开：配置中设定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>off: set in the config</source>
        <translation>关：配置中设定</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>auto: on with the onednn backend</source>
        <translation>auto：onednn 后端时开启</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>auto: off with the %1 backend</source>
        <translation>auto：%1 后端时关闭</translation>
    </message>
    <message>
        <location filename="../engine/train/allocatormessages.cpp" line="-99"/>
        <source>%1 is installed, but a running process cannot load it: it needs more static TLS than glibc set aside at start-up</source>
        <translation>%1 已安装，但运行中的进程无法加载它：它需要的静态 TLS 多于 glibc 启动时预留的</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>start EpochScope with %1 in its environment</source>
        <translation>启动 EpochScope 时在其环境中设置 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 cannot be loaded (%2)</source>
        <translation>无法加载 %1（%2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>install the Debian package %1 (apt-get install %1)</source>
        <translation>请安装 Debian 软件包 %1（apt-get install %1）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 lacks mallocx, dallocx, sallocx or mallctl</source>
        <translation>%1 缺少 mallocx、dallocx、sallocx 或 mallctl</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 lacks tc_memalign, tc_free, tc_malloc_size or MallocExtension_ReleaseFreeMemory</source>
        <translation>%1 缺少 tc_memalign、tc_free、tc_malloc_size 或 MallocExtension_ReleaseFreeMemory</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>tensor memory not counted: another CPU allocator is set in this process</source>
        <translation>未统计张量内存：本进程中设置了另一个 CPU 分配器</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>the process&apos;s malloc</source>
        <translation>进程自身的 malloc</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the process&apos;s malloc, %1</source>
        <translation>进程自身的 malloc，%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>glibc malloc with mallopt thresholds raised to 1 GiB</source>
        <translation>glibc malloc，mallopt 阈值提高到 1 GiB</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the process&apos;s malloc is not glibc&apos;s (%1), so mallopt would tune an allocator nothing uses</source>
        <translation>进程的 malloc 不是 glibc 的（%1），mallopt 调整的将是一个没有人使用的分配器</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>set in the config</source>
        <translation>配置中设定</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 not available: %2</source>
        <translation>%1 不可用：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>auto: the fastest measured</source>
        <translation>auto：实测最快</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>auto: the fastest available</source>
        <translation>auto：可用中最快</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>auto: nothing else is available</source>
        <translation>auto：没有其他可用的</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>glibc stays tuned by an earlier glibc-tuned run in this process (mallopt cannot be undone)</source>
        <translation>glibc 仍保持本进程中先前一次 glibc-tuned 运行的调整（mallopt 无法撤销）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>not applied to tensors: another CPU allocator has priority in this process</source>
        <translation>未应用于张量：本进程中另一个 CPU 分配器优先</translation>
    </message>
    <message>
        <location filename="../engine/train/trainingmessages.cpp" line="-168"/>
        <source>off: device.cudnn is false (unfused LSTM kernels)</source>
        <translation>关：device.cudnn 为 false（非融合 LSTM 内核）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>off: cuDNN is not available to this LibTorch</source>
        <translation>关：此 LibTorch 无法使用 cuDNN</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>on: cuDNN %1 fused LSTM kernels</source>
        <translation>开：cuDNN %1 融合 LSTM 内核</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>not applied: this CPU cannot flush denormals</source>
        <translation>未应用：此 CPU 无法将非规格化数清零</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>applied to %1 of %2 threads</source>
        <translation>已应用于 %2 个线程中的 %1 个</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cannot save the model: %1</source>
        <translation>无法保存模型：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot write the backup %1: %2</source>
        <translation>无法写入备份 %1：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot write the backup: %1</source>
        <translation>无法写入备份：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>epoch %1, step %2 of %3 (%4)</source>
        <translation>第 %1 轮，第 %2/%3 步（%4）</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>pinned: the loader thread copies each batch to %1 ahead of its step, on a CUDA stream of its own</source>
        <translation>pinned：加载线程在每步之前，用独立的 CUDA 流把该批次复制到 %1</translation>
    </message>
    <message>
        <location filename="../engine/train/trainingsession.cpp" line="+75"/>
        <source>unknown error in the engine thread</source>
        <translation>引擎线程中发生未知错误</translation>
    </message>
    <message>
        <location filename="../engine/data/sourcearrays.cpp" line="+258"/>
        <source>%1: %2 samples of (%3)</source>
        <translation>%1：%2 个形状为 (%3) 的样本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, %1 classes</source>
        <translation>，%1 个类别</translation>
    </message>
    <message>
        <location filename="../engine/data/npyfile.cpp" line="-30"/>
        <source>%1 converted to %2 once at load</source>
        <translation>%1 在加载时一次性转换为 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>big-endian bytes swapped</source>
        <translation>已交换大端字节序</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fortran order transposed to C order</source>
        <translation>Fortran 顺序已转置为 C 顺序</translation>
    </message>
    <message>
        <location filename="../engine/data/sourcearrays.cpp" line="-104"/>
        <source>csv: %1, %2 windows of %3 rows x %4 columns, target %5 row(s) ahead</source>
        <translation>csv：%1，%2 个窗口，每个 %3 行 x %4 列，目标为 %5 行之后</translation>
    </message>
    <message>
        <location line="+134"/>
        <source>data.validation_split %1 ignored: the source gives its own validation arrays (as Keras&apos; validation_data overrides validation_split)</source>
        <translation>已忽略 data.validation_split %1：数据源自带验证数组（如同 Keras 的 validation_data 覆盖 validation_split）</translation>
    </message>
    <message>
        <location filename="../engine/store/runrecorder.cpp" line="+24"/>
        <source>the run database could not take all of the run: %1</source>
        <translation>运行数据库未能记下整个运行：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the run itself completed</source>
        <translation>运行本身已完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the run itself was stopped</source>
        <translation>运行本身已被停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the run itself failed</source>
        <translation>运行本身失败了</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the run itself ended before its end was recorded</source>
        <translation>运行本身在其结束被记录之前就已结束</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>recording ended before the run did</source>
        <translation>记录在运行结束之前就停止了</translation>
    </message>
    <message>
        <location filename="../engine/store/runstore.cpp" line="+446"/>
        <source>the process running it ended without finishing it (killed or crashed)</source>
        <translation>运行它的进程在运行完成前就结束了（被终止或崩溃）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the process ended before the run&apos;s end could be recorded</source>
        <translation>进程在运行的结束被记录之前就已结束</translation>
    </message>
    <message>
        <location filename="../engine/whatif/effectivesettings.cpp" line="+41"/>
        <source>%1 trains like %2 on this machine (device.intra_op_threads 0 means one per physical core: %3), so the difference between them is run-to-run noise</source>
        <translation>%1 在本机上的训练方式与 %2 相同（device.intra_op_threads 为 0 表示每个物理核心一个线程：%3），因此两者之间的差异只是运行间的噪声</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 trains like %2 on this machine (device.allocator &quot;auto&quot; means &quot;%3&quot; here), so the difference between them is run-to-run noise</source>
        <translation>%1 在本机上的训练方式与 %2 相同（device.allocator &quot;auto&quot; 在本机即 &quot;%3&quot;），因此两者之间的差异只是运行间的噪声</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 trains like %2 on this machine, so the difference between them is run-to-run noise</source>
        <translation>%1 在本机上的训练方式与 %2 相同，因此两者之间的差异只是运行间的噪声</translation>
    </message>
    <message>
        <location filename="../engine/whatif/experiment.cpp" line="-240"/>
        <source>%1: the data gives %2 steps per epoch (%3 samples in batches of %4), so each run measures %5 steps, not %6</source>
        <translation>%1：数据每轮只有 %2 步（%3 个样本，批大小 %4），因此每次运行实测 %5 步，而不是 %6 步</translation>
    </message>
    <message>
        <location line="+112"/>
        <source>cannot start the run: %1</source>
        <translation>无法启动运行：%1</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>%1 tunes glibc with mallopt, which lasts for the rest of the process: every run after the first of them finds glibc tuned too, so the difference measured understates what glibc-tuned changes (compare it against a baseline in a fresh process instead)</source>
        <translation>%1 会用 mallopt 调整 glibc，且在进程剩余时间内一直有效：这些配置的第一次运行之后，每次运行遇到的都是已调整的 glibc，因此实测的差异低估了 glibc-tuned 带来的变化（请改为在新进程中与基线对比）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 tune glibc with mallopt, which lasts for the rest of the process: every run after the first of them finds glibc tuned too, so the difference measured understates what glibc-tuned changes (compare it against a baseline in a fresh process instead)</source>
        <translation>%1 会用 mallopt 调整 glibc，且在进程剩余时间内一直有效：这些配置的第一次运行之后，每次运行遇到的都是已调整的 glibc，因此实测的差异低估了 glibc-tuned 带来的变化（请改为在新进程中与基线对比）</translation>
    </message>
    <message>
        <location filename="../engine/whatif/experimentresults.cpp" line="+88"/>
        <source>the run failed</source>
        <translation>运行失败</translation>
    </message>
    <message>
        <location filename="../engine/whatif/variantspec.cpp" line="+259"/>
        <source>%1: same config as the baseline</source>
        <translation>%1：配置与基线相同</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: same config as %2</source>
        <translation>%1：配置与 %2 相同</translation>
    </message>
    <message>
        <location filename="../engine/distributed/distributedmessages.cpp" line="+71"/>
        <source>bucketed all-reduce during backward over c10d Gloo, %1 processes, buckets of %2 MiB</source>
        <translation>反向传播期间经 c10d Gloo 分桶全归约，%1 个进程，每桶 %2 MiB</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>bucketed all-reduce after backward over c10d Gloo, %1 processes, buckets of %2 MiB</source>
        <translation>反向传播后经 c10d Gloo 分桶全归约，%1 个进程，每桶 %2 MiB</translation>
    </message>
    <message>
        <location filename="../engine/model/recurrentpaths.cpp" line="+16"/>
        <source>step loop: %1 %2 is not fused</source>
        <translation>逐步循环：%1 %2 没有融合内核</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>fused: cuDNN&apos;s LSTM</source>
        <translation>融合：cuDNN 的 LSTM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fused: cuDNN&apos;s GRU</source>
        <translation>融合：cuDNN 的 GRU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fused: oneDNN&apos;s LSTM on the CPU</source>
        <translation>融合：CPU 上 oneDNN 的 LSTM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fused: oneDNN&apos;s GRU on the CPU</source>
        <translation>融合：CPU 上 oneDNN 的 GRU</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>libtorch: cuDNN is off</source>
        <translation>libtorch：cuDNN 已关闭</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>libtorch: LibTorch&apos;s kernels, step by step</source>
        <translation>libtorch：LibTorch 的内核，逐步计算</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>libtorch: LibTorch runs its LSTM through oneDNN&apos;s fused kernel</source>
        <translation>libtorch：LibTorch 通过 oneDNN 的融合内核运行其 LSTM</translation>
    </message>
    <message>
        <location filename="../engine/callbacks/modelcheckpoint.cpp" line="-19"/>
        <source>model_checkpoint refused to save: %1</source>
        <translation>model_checkpoint 拒绝保存：%1</translation>
    </message>
    <message>
        <location filename="../engine/data/textsource.cpp" line="+268"/>
        <source>%1 entries of the folder left out (not .txt, or in data.source.ignore): %2</source>
        <translation>文件夹中有 %1 项被略过（不是 .txt，或列在 data.source.ignore 中）：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 empty texts skipped</source>
        <translation>跳过了 %1 条空文本</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>data.text.output_sequence_length 0: every text made %1 tokens long, the longest training text&apos;s length</source>
        <translation>data.text.output_sequence_length 为 0：每条文本都补齐为 %1 个词元，即最长训练文本的长度</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 of %2 texts cut to %3 tokens</source>
        <translation>%2 条文本中有 %1 条被截断为 %3 个词元</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>tokenized as the model was trained: %1 vocabulary entries, %2 tokens per text</source>
        <translation>按模型训练时的方式分词：词表 %1 项，每条文本 %2 个词元</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>vocabulary of %1 entries learned from the %2 training texts</source>
        <translation>从 %2 条训练文本学得含 %1 项的词表</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>vocabulary of %1 entries read from %3</source>
        <translation>从 %3 读取含 %1 项的词表</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: %2, %3 texts of %4 tokens, %5</source>
        <translation>%1：%2，%3 条文本，每条 %4 个词元，%5</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>numbers as targets</source>
        <translation>以数值为目标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 classes</source>
        <translation>%1 个类别</translation>
    </message>
    <message>
        <location filename="../engine/whatif/scriptvariants.cpp" line="+376"/>
        <source>%1: same run as the baseline</source>
        <translation>%1：与基线是同一种运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: same run as %2</source>
        <translation>%1：与 %2 是同一种运行</translation>
    </message>
</context>
<context>
    <name>RunRecordParts</name>
    <message>
        <location filename="../engine/i18n/recordedtext.cpp" line="+135"/>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
</context>
<context>
    <name>RunStatus</name>
    <message>
        <location filename="../engine/i18n/runstatusname.cpp" line="+11"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
</context>
<context>
    <name>RunStore</name>
    <message>
        <location filename="../engine/store/runstore.cpp" line="-219"/>
        <source>%1: run %2 has a checkpoint record (row %3) that EpochScope does not write: %4. The database may come from another program: none of its checkpoints is used.</source>
        <translation>%1：运行 %2 有一条 EpochScope 不会写入的检查点记录（第 %3 行）：%4。该数据库可能来自其他程序：其中的检查点一个都不会使用。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unknown kind &quot;%1&quot;</source>
        <translation>未知类型 &quot;%1&quot;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its path is not an absolute path</source>
        <translation>其路径不是绝对路径</translation>
    </message>
    <message>
        <location line="+112"/>
        <location line="+136"/>
        <location line="+36"/>
        <source>%1: cannot open the run database: %2</source>
        <translation>%1：无法打开运行数据库：%2</translation>
    </message>
    <message>
        <location line="-143"/>
        <source>the run database was opened for reading only</source>
        <translation>运行数据库是以只读方式打开的</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>%1: cannot open the run database: it is not an SQLite database (%2). The file was left unchanged: record into another file, or move this one away.</source>
        <translation>%1：无法打开运行数据库：它不是 SQLite 数据库（%2）。文件未作任何改动：请记录到另一个文件，或把这个文件移走。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: the run database is damaged (%2). Nothing was written to it: move it away and record into another file; sqlite3&apos;s .recover command can save what is still readable.</source>
        <translation>%1：运行数据库已损坏（%2）。没有向其中写入任何内容：请把它移走并记录到另一个文件；sqlite3 的 .recover 命令可以救出仍可读取的部分。</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>%1: the run database has schema version %2, written by a newer EpochScope; this one reads up to version %3. The file was left unchanged: use a newer EpochScope, or record into another file.</source>
        <translation>%1：运行数据库的结构版本为 %2，由更新版本的 EpochScope 写入；当前版本最高只能读取版本 %3。文件未作任何改动：请使用更新版本的 EpochScope，或记录到另一个文件。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: cannot open the run database: its schema version is %2, which no EpochScope writes (another program&apos;s database, or a damaged one). The file was left unchanged: record into another file.</source>
        <translation>%1：无法打开运行数据库：其结构版本为 %2，任何版本的 EpochScope 都不会写入该版本（是其他程序的数据库，或已损坏）。文件未作任何改动：请记录到另一个文件。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: cannot open the run database: it is another program&apos;s SQLite database (it has tables but no EpochScope schema version). The file was left unchanged: record into another file.</source>
        <translation>%1：无法打开运行数据库：它是其他程序的 SQLite 数据库（有数据表，但没有 EpochScope 的结构版本）。文件未作任何改动：请记录到另一个文件。</translation>
    </message>
    <message>
        <location line="+177"/>
        <source>%1: cannot record a new run: %2</source>
        <translation>%1：无法记录新的运行：%2</translation>
    </message>
    <message>
        <location line="+18"/>
        <location line="+10"/>
        <source>%1: cannot record the run&apos;s facts: %2</source>
        <translation>%1：无法记录运行的基本信息：%2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: cannot record the run&apos;s measurements: %2</source>
        <translation>%1：无法记录运行的测量数据：%2</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>%1: cannot record the run&apos;s end: %2</source>
        <translation>%1：无法记录运行的结束：%2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1: cannot save the notes: %2</source>
        <translation>%1：无法保存备注：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: cannot record the run&apos;s error: %2</source>
        <translation>%1：无法记录运行的错误：%2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: cannot save the findings: %2</source>
        <translation>%1：无法保存诊断结果：%2</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>%1: cannot rename the run: %2</source>
        <translation>%1：无法重命名运行：%2</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>%1: cannot list the runs: %2</source>
        <translation>%1：无法列出运行记录：%2</translation>
    </message>
    <message>
        <location line="+121"/>
        <location line="+25"/>
        <source>%1: cannot read run %3: %2</source>
        <translation>%1：无法读取运行 %3：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: cannot delete the run: %2</source>
        <translation>%1：无法删除运行：%2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: cannot record a new experiment: %2</source>
        <translation>%1：无法记录新的实验：%2</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1: cannot attach the run to its experiment: %2</source>
        <translation>%1：无法将运行关联到其实验：%2</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1: cannot list the experiments: %2</source>
        <translation>%1：无法列出实验：%2</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>%1: cannot read experiment %3: %2</source>
        <translation>%1：无法读取实验 %3：%2</translation>
    </message>
</context>
<context>
    <name>RunsCommand</name>
    <message>
        <location filename="../cli/runscommand.cpp" line="+39"/>
        <source>wait</source>
        <translation>等待</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>h2d</source>
        <translation>传输</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fwd</source>
        <translation>前向</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bwd</source>
        <translation>反向</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>opt</source>
        <translation>优化</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>callb</source>
        <translation>回调</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>warm</source>
        <translation>预热</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>comm</source>
        <translation>通信</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>  %1 ranks (medians of warm steps):</source>
        <translation>  %1 个进程（稳态步的中位数）：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>    rank %1 on %2: %3 ms/step, busy %4 ms, communication %5 ms</source>
        <translation>    进程 %1（%2）：%3 ms/步，工作 %4 ms，通信 %5 ms</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>  scaling efficiency against run %1: %2</source>
        <translation>  相对运行 %1 的扩展效率：%2</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>  script: %1</source>
        <translation>  脚本：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  working folder: %1</source>
        <translation>  工作文件夹：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>present</source>
        <translation>存在</translation>
    </message>
    <message>
        <location line="+1"/>
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
        <location line="+10"/>
        <source>backup</source>
        <translation>备份</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>full</source>
        <translation>完整</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>  checkpoints (oldest first; * the best):</source>
        <translation>  检查点（最早的在前；* 为最佳）：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>monitored</source>
        <translation>监控值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>state</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>No runs recorded in %1 yet.</source>
        <translation>%1 中还没有记录任何运行。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>STATUS</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>STARTED</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>NAME</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>EPOCHS</source>
        <translation>轮数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>STEPS</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>DEVICE</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Run %1: %2 - %3</source>
        <translation>运行 %1：%2 - %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  started %1, ended %2</source>
        <translation>  开始于 %1，结束于 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>  error: %1</source>
        <translation>  错误：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>  %1, %2 placement, batch %3, %4 intra-op threads, backend %5</source>
        <translation>  %1，数据放置 %2，批大小 %3，%4 个算子内线程，后端 %5</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>  data: %1</source>
        <translation>  数据：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>  notes: %1</source>
        <translation>  备注：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>% of training time:</source>
        <translation>占训练时间的 %：</translation>
    </message>
    <message>
        <location line="-91"/>
        <location line="+93"/>
        <source>epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="-180"/>
        <source>  communication %1 of the warm steps&apos; time, %2 reduced per step, %3 ms per step hidden behind backward</source>
        <translation>  通信占稳态步耗时的 %1，每步归约 %2，每步有 %3 ms 与反向传播重叠</translation>
    </message>
    <message>
        <location line="+181"/>
        <source>train s</source>
        <translation>训练 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>val s</source>
        <translation>验证 s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>val_loss</source>
        <translation>val_loss</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>  %1 steps, %2 system samples stored</source>
        <translation>  已保存 %1 步、%2 次系统采样</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>  steady state %1 ms/step</source>
        <translation>  稳态 %1 ms/步</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>, step latency p50 %1 / p95 %2 / p99 %3 ms</source>
        <translation>，步延迟 p50 %1 / p95 %2 / p99 %3 ms</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>, %1 samples/s</source>
        <translation>，%1 样本/秒</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>--format: expected json, csv or trace, got &quot;%1&quot;</source>
        <translation>--format：应为 json、csv 或 trace，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run %1 exported as %2 to %3</source>
        <translation>运行 %1 已以 %2 格式导出到 %3</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no run %1 in %2</source>
        <translation>%2 中没有运行 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Deleted run %1</source>
        <translation>已删除运行 %1</translation>
    </message>
</context>
<context>
    <name>ScalingBaseline</name>
    <message>
        <location filename="../cli/scalingbaseline.cpp" line="+21"/>
        <source>--baseline-run %1: run %1 has no steady step time to compare with (it ended before its warm steps, or is still running); choose a run that trained at least two epochs</source>
        <translation>--baseline-run %1：运行 %1 没有可比较的稳态步耗时（它在稳态步之前就结束了，或仍在运行）；请选择至少训练了两轮的运行</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Scaling efficiency against run %1: %2 (warm samples/s per machine or GPU: %3 here, %4 in run %1)</source>
        <translation>相对运行 %1 的扩展效率：%2（每台机器或每块 GPU 的稳态样本/秒：本次 %3，运行 %1 为 %4）</translation>
    </message>
</context>
<context>
    <name>ScriptExperiment</name>
    <message>
        <location filename="../engine/whatif/scriptexperiment.cpp" line="+143"/>
        <source>the run database failed during a run, whose rest was measured but not recorded</source>
        <translation>运行数据库在一次运行期间出错，该运行其余部分已测量但未记录</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>a script&apos;s what-if needs at least one --vary env:NAME=V1,V2, arg:--flag=V1,V2 or threads=V1,V2</source>
        <translation>脚本的 what-if 至少需要一个 --vary env:NAME=V1,V2、arg:--flag=V1,V2 或 threads=V1,V2</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>nothing to measure: every value is the baseline&apos;s</source>
        <translation>没有可测量的：每个取值都与基线相同</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nothing to measure: every variant starts the baseline&apos;s run (%1)</source>
        <translation>没有可测量的：每个变体启动的都是基线的运行（%1）</translation>
    </message>
</context>
<context>
    <name>ScriptFindings</name>
    <message>
        <location filename="../engine/diagnosis/scriptfindings.cpp" line="+29"/>
        <source># before (%1)</source>
        <translation># 修改前 (%1)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source># after</source>
        <translation># 修改后</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Warm-up is a one-time cost of the first steps (PyTorch allocates its caches and creates its kernels&apos; primitives on the first calls): in a long run it fades. When you time the script, leave these steps out: start the clock after them, or compare steady steps (the run&apos;s summary does).</source>
        <translation>预热是前几步的一次性开销（PyTorch 在最初几次调用时分配缓存并创建其内核的原语）：在长时间运行中它会被摊薄。为脚本计时时，请排除这些步：在它们之后开始计时，或比较稳定步（运行摘要就是这样做的）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source> PyTorch %1 runs nn.LSTM on the CPU as a loop of small operations; from 2.0 it creates oneDNN&apos;s fused primitives once and reuses them.</source>
        <translation> PyTorch %1 在 CPU 上以一连串小运算的循环运行 nn.LSTM；从 2.0 起它只创建一次 oneDNN 的融合原语并重复使用。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Prepare batches ahead in worker processes: a DataLoader with num_workers loads the next batches while the step runs, and persistent_workers keeps the workers from one epoch to the next. Each worker takes a core from PyTorch&apos;s own threads (%1 here), so measure it (what-if) before keeping it. Try it as a what-if: --vary arg:--num-workers=0,%2 when the script has such an option.</source>
        <translation>在工作进程中提前准备批次：设置了 num_workers 的 DataLoader 会在当前步运行时加载后续批次，persistent_workers 让工作进程在各轮之间保留。每个工作进程都会占用 PyTorch 自身线程的一个核心（此处为 %1 个），因此保留之前请先测量（what-if）。若脚本有相应选项，可作为 what-if 试验：--vary arg:--num-workers=0,%2。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>your DataLoader</source>
        <translation>你的 DataLoader</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Copy from page-locked memory and without waiting: pin_memory=True in the DataLoader and non_blocking=True in the copy let the copy overlap the step. When the whole dataset fits in GPU memory beside the model, move it there once before the loop and index it there: no step copies then.</source>
        <translation>从页锁定内存复制且不等待：DataLoader 中的 pin_memory=True 与复制时的 non_blocking=True 让复制与计算步重叠。若整个数据集与模型一起能放进 GPU 显存，就在循环之前一次性移过去并在那里索引：这样每一步都不再复制。</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+23"/>
        <source>your loop</source>
        <translation>你的循环</translation>
    </message>
    <message>
        <location line="-13"/>
        <source>Turning NumPy arrays into tensors takes %1 of the steady step time</source>
        <translation>将 NumPy 数组转换为张量占稳定步时间的 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>On the CPU this phase is NumPy arrays made into tensors inside the steps (torch.tensor copies the array every call). Convert the whole array once before the loop and index the tensor in the loop:</source>
        <translation>在 CPU 上，这一阶段是在各步内把 NumPy 数组转换成张量（torch.tensor 每次调用都会复制数组）。请在循环之前一次性转换整个数组，并在循环中索引该张量：</translation>
    </message>
    <message>
        <location line="+13"/>
        <source> The script&apos;s %1 at %2 made NumPy arrays into tensors %3 times (%4 inside steps), %5 in all, %6 ms a call.</source>
        <translation> 脚本中位于 %2 的 %1 将 NumPy 数组转换为张量 %3 次（其中 %4 次在训练步内），共 %5，每次调用 %6 ms。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>torch.tensor copies its array every call; torch.from_numpy makes a tensor that shares the array&apos;s memory, with no copy (the array must not be changed while the tensor is used). Better still, convert the whole array once before the loop and index the tensor in the loop:</source>
        <translation>torch.tensor 每次调用都会复制数组；torch.from_numpy 创建的张量与数组共享内存，无需复制（在使用该张量期间不得修改数组）。更好的做法是在循环之前一次性转换整个数组，并在循环中索引该张量：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source># or, once before the loop:</source>
        <translation># 或者，在循环之前一次性转换：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Convert the whole array once before the loop and index the tensor in the loop, instead of converting each batch:</source>
        <translation>请在循环之前一次性转换整个数组并在循环中索引该张量，而不是逐批转换：</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Give PyTorch one thread per physical core (%1 here), at the top of the script or in its environment; measure it first as a what-if: --vary env:OMP_NUM_THREADS=%2,%1.</source>
        <translation>在脚本开头或其环境中为 PyTorch 设置每个物理核心一个线程（此处为 %1 个）；请先作为 what-if 测量：--vary env:OMP_NUM_THREADS=%2,%1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source># or, in the shell that starts it:</source>
        <translation># 或者，在启动它的 shell 中：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Steady steps should reuse the memory of the step before; faulting pages in every step means glibc&apos;s malloc returns large blocks to the kernel between steps and maps them again. Raise its thresholds for the script&apos;s process (or preload jemalloc, when installed: LD_PRELOAD=libjemalloc.so.2), and measure it as a what-if first: --vary env:GLIBC_TUNABLES=... against the run as it is.</source>
        <translation>稳定步应当复用上一步的内存；每一步都发生缺页，说明 glibc 的 malloc 在步与步之间把大块内存归还给内核后又重新映射。请为脚本进程提高其阈值（或在已安装时预加载 jemalloc：LD_PRELOAD=libjemalloc.so.2），并先作为 what-if 与原样运行对比测量：--vary env:GLIBC_TUNABLES=...。</translation>
    </message>
</context>
<context>
    <name>ScriptProcess</name>
    <message>
        <location filename="../engine/script/scriptprocess.cpp" line="+83"/>
        <source>no command: give the Python interpreter and the script after --, as in `epochscope-cli profile -- python3 train.py ARGS`</source>
        <translation>没有命令：请在 -- 之后给出 Python 解释器和脚本，例如 `epochscope-cli profile -- python3 train.py ARGS`</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 is not a Python interpreter: profile runs one with a script, as in `epochscope-cli profile -- python3 train.py ARGS`</source>
        <translation>%1 不是 Python 解释器：profile 用解释器运行一个脚本，例如 `epochscope-cli profile -- python3 train.py ARGS`</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 runs no script file: profile runs a script, as in `epochscope-cli profile -- python3 train.py ARGS`</source>
        <translation>%1 不运行脚本文件：profile 运行一个脚本，例如 `epochscope-cli profile -- python3 train.py ARGS`</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no script to run: give it after the interpreter, as in `epochscope-cli profile -- python3 train.py ARGS`</source>
        <translation>没有要运行的脚本：请在解释器之后给出，例如 `epochscope-cli profile -- python3 train.py ARGS`</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>cannot make the probe&apos;s pipe</source>
        <translation>无法创建探针的管道</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cannot make the pipe for the script&apos;s output</source>
        <translation>无法为脚本的输出创建管道</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>cannot start %1 in %2</source>
        <translation>无法在 %2 中启动 %1</translation>
    </message>
</context>
<context>
    <name>ScriptRecurrentRule</name>
    <message>
        <location filename="../engine/diagnosis/scriptrecurrentrule.cpp" line="+41"/>
        <source>PyTorch has no fused CPU kernel for nn.%1: its oneDNN path is nn.LSTM&apos;s only</source>
        <translation>PyTorch 没有 nn.%1 的融合 CPU 内核：其 oneDNN 路径只用于 nn.LSTM</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>its input is a PackedSequence, which PyTorch&apos;s oneDNN path does not take</source>
        <translation>其输入是 PackedSequence，而 PyTorch 的 oneDNN 路径不接受这种输入</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>PyTorch %1 has no fused CPU path for nn.LSTM (2.0 added oneDNN&apos;s)</source>
        <translation>PyTorch %1 没有 nn.LSTM 的融合 CPU 路径（2.0 才加入 oneDNN 路径）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>On a CUDA device cuDNN fuses it. On the CPU, EpochScope&apos;s own engine trains GRU and bidirectional layers on oneDNN&apos;s fused kernels with the same mathematics: build the model in the app (or import it from Keras) and compare the two runs.</source>
        <translation>在 CUDA 设备上 cuDNN 会融合它。在 CPU 上，EpochScope 自己的引擎用 oneDNN 的融合内核训练 GRU 与双向层，数学上完全相同：在应用中构建该模型（或从 Keras 导入）并比较两次运行。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Pass the padded batch instead of a PackedSequence: the forward direction&apos;s outputs at each sequence&apos;s real steps stay the same, but the backward direction then starts on the padding, which changes the results: compare before keeping it.</source>
        <translation>传入填充后的批次而不是 PackedSequence：正向在每个序列真实时间步上的输出保持不变，但反向会从填充处开始，这会改变结果：保留之前请先比较。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Pass the padded batch instead of a PackedSequence and take each sequence&apos;s output at its last real step: with the padding on the right, those outputs are the same as the packed run&apos;s, and the LSTM runs fused.</source>
        <translation>传入填充后的批次而不是 PackedSequence，并取每个序列在其最后一个真实时间步的输出：填充在右侧时，这些输出与打包运行的相同，而 LSTM 以融合方式运行。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source># before</source>
        <translation># 修改前</translation>
    </message>
    <message>
        <location line="+3"/>
        <source># after (batch_first, padding on the right)</source>
        <translation># 修改后（batch_first，填充在右侧）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run the script on PyTorch 2.0 or later (Debian 13 ships 2.6), which trains nn.LSTM on the CPU through oneDNN&apos;s fused primitive; this run used %1.</source>
        <translation>在 PyTorch 2.0 或更高版本（Debian 13 提供 2.6）上运行脚本，它在 CPU 上通过 oneDNN 的融合原语训练 nn.LSTM；本次运行使用的是 %1。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>nn.%1 ran on the CPU as a loop of small operations per time step</source>
        <translation>nn.%1 在 CPU 上以每个时间步一连串小运算的循环运行</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The forward passes called nn.%1%2 %3 times on %4: %5.</source>
        <translation>前向传播在 %4 上调用了 nn.%1%2 %3 次：%5。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (bidirectional)</source>
        <translation>（双向）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> Forward and backward, where its steps run, take %1 of the steady steps&apos; time (%2 steady steps).</source>
        <translation> 其各时间步所在的前向和反向传播占稳定步时间的 %1（%2 个稳定步）。</translation>
    </message>
</context>
<context>
    <name>ScriptRun</name>
    <message>
        <location filename="../engine/script/scriptrecorder.cpp" line="+117"/>
        <source>The probe did not say when it started (clock_s; a probe older than this EpochScope): the steps&apos; and epochs&apos; times count from its start, later than the system samples&apos; by Python&apos;s start-up.</source>
        <translation>探针没有说明它何时启动（clock_s；比此 EpochScope 更旧的探针）：各步和各轮的时间从它启动时算起，比系统采样的时间晚了 Python 的启动时长。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The probe&apos;s clock_s of %1 s is not between the script&apos;s start and now on this machine&apos;s monotonic clock (%2 s to %3 s): the steps&apos; and epochs&apos; times are left on the probe&apos;s own clock.</source>
        <translation>探针的 clock_s 为 %1 秒，不在本机单调时钟上脚本启动与此刻之间（%2 秒至 %3 秒）：各步和各轮的时间保留在探针自己的时钟上。</translation>
    </message>
    <message>
        <location line="+111"/>
        <location filename="../engine/script/scriptsession.cpp" line="-57"/>
        <source>the script&apos;s own PyTorch %1 on Python %2</source>
        <translation>脚本自带的 PyTorch %1，运行于 Python %2</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>the script ended with status %1</source>
        <translation>脚本以状态 %1 结束</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The script never imported torch: there was nothing to profile.</source>
        <translation>脚本从未导入 torch：没有可分析的内容。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The script imported torch but made no step the probe could see: no optimizer step, DataLoader batch or epochscope.step(). Mark its steps with `with epochscope.step():` (docs/profile.md).</source>
        <translation>脚本导入了 torch，但探针没有看到任何一步：没有优化器 step、DataLoader 批次或 epochscope.step()。请用 `with epochscope.step():` 标出它的每一步（docs/profile.md）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the script was killed by %1</source>
        <translation>脚本被 %1 终止</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the script ended with status %1 without the probe&apos;s last record</source>
        <translation>脚本以状态 %1 结束，没有探针的最后一条记录</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the command ended with status %1 before the probe reported: is it a Python interpreter running a script?</source>
        <translation>命令在探针报告之前以状态 %1 结束：它是在运行脚本的 Python 解释器吗？</translation>
    </message>
</context>
<context>
    <name>ScriptSession</name>
    <message>
        <location filename="../engine/script/scriptsession.cpp" line="+114"/>
        <source>the run was bounded to %1 steps: the steps the script made after them, while it stopped, are not recorded</source>
        <translation>该运行限定为 %1 步：脚本在停止过程中此后做的步未被记录</translation>
    </message>
</context>
<context>
    <name>ScriptVariants</name>
    <message>
        <location filename="../engine/whatif/scriptvariants.cpp" line="-325"/>
        <source>%1: %2 is not a JSON string</source>
        <translation>%1：%2 不是 JSON 字符串</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: empty value in &apos;%2&apos; (write &quot;&quot; for the empty string)</source>
        <translation>%1：&apos;%2&apos; 中有空值（空字符串请写 &quot;&quot;）</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>%1: the command gives %2 without a value after it; arg: varies a flag that takes a value (use env: for a variable)</source>
        <translation>%1：命令中的 %2 后面没有值；arg: 只能改变带值的选项（变量请用 env:）</translation>
    </message>
    <message>
        <location line="+117"/>
        <source>&apos;%1&apos;: expected env:NAME=V1,V2,..., arg:--flag=V1,V2,... or threads=V1,V2,... (for example arg:--batch-size=32,64)</source>
        <translation>&apos;%1&apos;：应为 env:NAME=V1,V2,...、arg:--flag=V1,V2,... 或 threads=V1,V2,...（例如 arg:--batch-size=32,64）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: &apos;%2&apos; is no environment variable name (letters, digits and _, not starting with a digit)</source>
        <translation>%1：&apos;%2&apos; 不是环境变量名（由字母、数字和 _ 组成，且不以数字开头）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 cannot be varied: the probe that measures the script is started with it</source>
        <translation>%1 不能改变：测量脚本的探针就是用它启动的</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: &apos;%2&apos; is no flag; arg: takes one such as --batch-size or -b</source>
        <translation>%1：&apos;%2&apos; 不是选项；arg: 需要 --batch-size 或 -b 这样的选项</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&apos;%1&apos; varies a config key, and a script has no config: use arg:%2=... for a flag of the script, env:NAME=... for an environment variable, or threads=...</source>
        <translation>&apos;%1&apos; 改变的是配置键，而脚本没有配置：脚本选项请用 arg:%2=...，环境变量请用 env:NAME=...，或用 threads=...</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>threads: expected a positive integer, got &apos;%1&apos;</source>
        <translation>threads：应为正整数，得到的是 &apos;%1&apos;</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>%1 is varied twice (%2, %3); give all its values in one --vary</source>
        <translation>%1 被改变了两次（%2、%3）；请在一个 --vary 中给出它的所有取值</translation>
    </message>
</context>
<context>
    <name>ScriptWhatifCommand</name>
    <message>
        <location filename="../cli/scriptwhatifcommand.cpp" line="+40"/>
        <source>Each run is stopped after step %1; they run in %2:</source>
        <translation>每次运行在第 %1 步之后停止；它们在 %2 中运行：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  %1: %2</source>
        <translation>  %1：%2</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>a script has no config to patch: vary its run with --vary env:NAME=V1,V2 or arg:--flag=V1,V2</source>
        <translation>脚本没有可修补的配置：请用 --vary env:NAME=V1,V2 或 arg:--flag=V1,V2 改变它的运行</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>cannot tell this process&apos;s working folder: %1</source>
        <translation>无法确定本进程的工作文件夹：%1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>run %1 is a script&apos;s, but its recorded command cannot be read</source>
        <translation>运行 %1 属于脚本，但无法读取其记录的命令</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>run %1 ran in %2, which is no folder any more</source>
        <translation>运行 %1 在 %2 中运行，而它已不再是文件夹</translation>
    </message>
</context>
<context>
    <name>SequentialModel</name>
    <message>
        <location filename="../engine/model/modelmessages.cpp" line="+9"/>
        <source>&quot;orthogonal&quot; initializes matrices and a bias is a vector (Keras refuses it too); choose another bias_initializer</source>
        <translation>&quot;orthogonal&quot; 用于初始化矩阵，而偏置是向量（Keras 也拒绝）；请选择其他 bias_initializer</translation>
    </message>
</context>
<context>
    <name>Severity</name>
    <message>
        <location filename="../engine/i18n/severityname.cpp" line="+11"/>
        <source>critical</source>
        <translation>严重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>info</source>
        <translation>提示</translation>
    </message>
</context>
<context>
    <name>SourceArrays</name>
    <message>
        <location filename="../engine/data/sourcearrays.cpp" line="-203"/>
        <source>%1 holds no arrays but none named %3; name the array to use</source>
        <translation>%1 中没有任何数组，因此也没有名为 %3 的数组；请指定要使用的数组</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 holds the arrays %2 but none named %3; name the array to use</source>
        <translation>%1 中有数组 %2，但没有名为 %3 的数组；请指定要使用的数组</translation>
    </message>
    <message>
        <location line="+143"/>
        <source>%1 holds no arrays</source>
        <translation>%1 中没有任何数组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 holds the arrays %2; name the one to use as %1:NAME</source>
        <translation>%1 中有数组 %2；请以 %1:NAME 的形式指定要使用的数组</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>%1 is a CSV file, but the config&apos;s data.source is &quot;%2&quot;: only a csv source says how a CSV file is cut into samples (features, target, window); save the samples as .npy instead</source>
        <translation>%1 是 CSV 文件，但配置的 data.source 为 &quot;%2&quot;：只有 csv 数据源才说明如何把 CSV 文件切分为样本（features、target、window）；请改为把样本保存为 .npy</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the targets of the CSV file %1 are its data.source.target column; leave --y out</source>
        <translation>CSV 文件 %1 的目标是其 data.source.target 列；请不要给出 --y</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 is a CSV file; targets are read from a .npy file or an .npz member (archive.npz:NAME)</source>
        <translation>%1 是 CSV 文件；目标只能从 .npy 文件或 .npz 成员（archive.npz:NAME）读取</translation>
    </message>
</context>
<context>
    <name>SourceCheck</name>
    <message>
        <location filename="../engine/data/sourcecheck.cpp" line="+78"/>
        <source>the model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the first layer (&quot;%1&quot;)</source>
        <translation>第一层（&quot;%1&quot;）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 has shape %2, but %3 reads token ids shaped (samples, timesteps)</source>
        <translation>%1 的形状为 %2，但%3读取的是形状为 (samples, timesteps) 的词元 ID</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 has shape %2, but %3 reads float features shaped (samples, timesteps, features); for one feature per time step save x[..., np.newaxis]</source>
        <translation>%1 的形状为 %2，但%3读取的是形状为 (samples, timesteps, features) 的浮点特征；若每个时间步只有一个特征，请保存 x[..., np.newaxis]</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 has shape %2, but %3 reads float features shaped (samples, timesteps, features)</source>
        <translation>%1 的形状为 %2，但%3读取的是形状为 (samples, timesteps, features) 的浮点特征</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 holds no samples (shape %2)</source>
        <translation>%1 中没有样本（形状为 %2）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1 has shape %2, but training.loss &quot;categorical_crossentropy&quot; compares each sample&apos;s %3 class probabilities with a one-hot row, so targets must be shaped (samples, %3); for class ids shaped (samples,) use &quot;sparse_categorical_crossentropy&quot;</source>
        <translation>%1 的形状为 %2，但 training.loss &quot;categorical_crossentropy&quot; 把每个样本的 %3 个类别概率与一个 one-hot 行比较，因此目标的形状必须为 (samples, %3)；形状为 (samples,) 的类别 ID 请使用 &quot;sparse_categorical_crossentropy&quot;</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 has shape %2, but the model outputs one value or one class id per sample, so targets must be shaped (samples,) or (samples, 1); for one-hot rows use &quot;categorical_crossentropy&quot;</source>
        <translation>%1 的形状为 %2，但模型对每个样本输出一个值或一个类别 ID，因此目标的形状必须为 (samples,) 或 (samples, 1)；one-hot 行请使用 &quot;categorical_crossentropy&quot;</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 has %2 samples, but %3 (%4) has %5; %3 and %6 must pair up one to one</source>
        <translation>%1 有 %2 个样本，但 %3（%4）有 %5 个；%3 和 %6 必须一一对应</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 has %2 features per time step, but x (%3) has %4; the model&apos;s weights fit one</source>
        <translation>%1 每个时间步有 %2 个特征，但 x（%3）有 %4 个；模型的权重只能匹配其中一种</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>the model expects samples shaped %1, but %2 holds samples shaped %3; change input_shape or the data (or set input_shape to null)</source>
        <translation>模型期望的样本形状为 %1，但 %2 中的样本形状为 %3；请修改 input_shape 或数据（或把 input_shape 设为 null）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 holds NaN at %2 (the first of %3 NaN and %4 infinite values); training on them makes the loss NaN: fill or drop those samples</source>
        <translation>%1 在 %2 处为 NaN（共有 %3 个 NaN 和 %4 个无穷值，这是第一个）；用它们训练会使损失变为 NaN：请填补或删除这些样本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 holds an infinity at %2 (the first of %3 NaN and %4 infinite values); training on them makes the loss NaN: fill or drop those samples</source>
        <translation>%1 在 %2 处为无穷值（共有 %3 个 NaN 和 %4 个无穷值，这是第一个）；用它们训练会使损失变为 NaN：请填补或删除这些样本</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 holds token id %2 at %3; ids index the embedding and must be &gt;= 0</source>
        <translation>%1 在 %3 处的词元 ID 为 %2；ID 是嵌入层的索引，必须 &gt;= 0</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 holds token id %2 at %3, not below model.layers[0].input_dim %4 (the largest id is %5; input_dim %6 would cover them all)</source>
        <translation>%1 在 %3 处的词元 ID 为 %2，不小于 model.layers[0].input_dim %4（最大的 ID 为 %5；input_dim 设为 %6 即可涵盖全部 ID）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1 holds %2 at %3, but training.loss &quot;%4&quot; needs targets in [0, 1]; use &quot;mse&quot; or &quot;mae&quot; for other values</source>
        <translation>%1 在 %3 处的值为 %2，但 training.loss &quot;%4&quot; 要求目标在 [0, 1] 内；其他取值请使用 &quot;mse&quot; 或 &quot;mae&quot;</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 holds %2 at %3, but training.loss &quot;sparse_categorical_crossentropy&quot; needs class ids: whole numbers from 0 to %4 (the last layer has %5 units)</source>
        <translation>%1 在 %3 处的值为 %2，但 training.loss &quot;sparse_categorical_crossentropy&quot; 需要类别 ID：0 到 %4 的整数（最后一层有 %5 个单元）</translation>
    </message>
</context>
<context>
    <name>StoreAccess</name>
    <message>
        <location filename="../cli/commandline/savedmodeloptions.cpp" line="+23"/>
        <location filename="../cli/storeaccess.cpp" line="+31"/>
        <source>no run %1 in %2; `epochscope-cli runs list` shows the ids</source>
        <translation>%2 中没有运行 %1；`epochscope-cli runs list` 会列出各运行的 ID</translation>
    </message>
</context>
<context>
    <name>StoreWritability</name>
    <message>
        <location filename="../engine/store/storewritability.cpp" line="+36"/>
        <location line="+9"/>
        <source>%1 cannot be written (%2), so runs are not recorded</source>
        <translation>%1 无法写入（%2），因此不会记录运行</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the folder %1 of the run database cannot be written (%2): SQLite keeps its journal beside the database, so runs are not recorded</source>
        <translation>运行数据库所在文件夹 %1 无法写入（%2）：SQLite 把日志文件放在数据库旁边，因此不会记录运行</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the run database %1 cannot be created: %2 cannot be written (%3), so runs are not recorded</source>
        <translation>无法创建运行数据库 %1：%2 无法写入（%3），因此不会记录运行</translation>
    </message>
</context>
<context>
    <name>StoredDiagnosis</name>
    <message>
        <location filename="../engine/diagnosis/storeddiagnosis.cpp" line="+36"/>
        <source>the run trained on another machine (%1); this machine&apos;s doctor findings and SGEMM peak would not apply</source>
        <translation>该运行是在另一台机器上训练的（%1）；本机的环境检查结果和 SGEMM 峰值对它不适用</translation>
    </message>
    <message>
        <location filename="../engine/diagnosis/efficiencypeak.cpp" line="+14"/>
        <source>SGEMM %1^3 through %2, measured now on this machine with %3 thread</source>
        <translation>经 %2 的 SGEMM %1^3，刚刚在本机用 %3 个线程实测</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>SGEMM %1^3 through %2, measured now on this machine with %3 threads</source>
        <translation>经 %2 的 SGEMM %1^3，刚刚在本机用 %3 个线程实测</translation>
    </message>
</context>
<context>
    <name>StragglerRankRule</name>
    <message>
        <location filename="../engine/diagnosis/stragglerrankrule.cpp" line="+42"/>
        <source>an unknown host</source>
        <translation>未知主机</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Rank %1 on %2 holds the other ranks back by %3 of every step</source>
        <translation>%2 上的进程 %1 使其他进程每步多等 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>rank %1 (%2) works %3 ms per step (median of its steps&apos; time outside the communication phase), the other ranks %4 ms; it was the slowest rank in %5 of %6 steady steps. Every other rank waits for it in its communication phase: %7 ms of the %8 ms step.</source>
        <translation>进程 %1（%2）每步工作 %3 ms（其各步在通信阶段之外的时间的中位数），其余进程为 %4 ms；在 %6 个稳态步中有 %5 步它是最慢的进程。其他每个进程都在通信阶段等它：%8 ms 的一步中占 %7 ms。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Find what slows rank %1 (%2): other work on that machine, fewer or slower cores, another CPU (`epochscope-cli env` there shows its cores, ISA and BLAS), or fewer intra-op threads than the others. Data parallelism moves at the pace of its slowest rank: running without that machine, or giving it as many free cores as the others, wins back up to %3 of every step.</source>
        <translation>查明是什么拖慢了进程 %1（%2）：该机器上的其他工作、更少或更慢的核心、不同的 CPU（在那里运行 `epochscope-cli env` 可查看其核心、指令集和 BLAS），或比其他进程更少的算子内线程。数据并行的速度取决于最慢的进程：不用这台机器，或让它和其他机器一样有空闲核心，每步最多可省回 %3。</translation>
    </message>
</context>
<context>
    <name>StragglersRule</name>
    <message>
        <location filename="../engine/diagnosis/stragglersrule.cpp" line="+26"/>
        <source>a callback</source>
        <translation>某个回调</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Over %1 steady steps (%2) p50 is %3 and p99 %4 (%5)</source>
        <translation>在 %1 个稳态步中（%2），p50 为 %3，p99 为 %4（%5）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 step</source>
        <translation>%1 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 steps</source>
        <translation>%1 步</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 took %2 the median or more (%3), adding %4 (%5 of the steady steps&apos; %6)</source>
        <translation>有 %1耗时达到中位数的 %2 或以上（%3），多用了 %4（占稳态步总耗时 %6 的 %5）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>they recur every %1 steps (%2 of %3 gaps within %4 step of it)</source>
        <translation>它们每 %1 步出现一次（%3 个间隔中有 %2 个与此相差不超过 %4 步）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 save_freq %2</source>
        <translation>%1 save_freq %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, which matches %2</source>
        <translation>%1，与 %2 一致</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1, at each epoch start</source>
        <translation>%1，出现在每轮开始时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, once per epoch of %2 steps</source>
        <translation>%1，每轮（%2 步）一次</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Straggler steps: p99 %1 p50</source>
        <translation>掉队步：p99 是 p50 的 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Straggler steps: %1 spikes add %2 to the steady steps</source>
        <translation>掉队步：%1 个尖峰使稳态步耗时增加 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, a spike every %2 steps</source>
        <translation>%1，每 %2 步一个尖峰</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2 save_freq)</source>
        <translation>%1（%2 save_freq）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Each save by %1 stalls the step that triggers it: save less often, with a larger save_freq or &quot;epoch&quot; (once per %2-step epoch, after validation, which the patch sets).</source>
        <translation>%1 的每次保存都会拖住触发它的那一步：请减少保存次数，把 save_freq 调大或设为 &quot;epoch&quot;（每轮 %2 步保存一次，在验证之后，配置补丁即如此设置）。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Each save by %1 stalls the step that triggers it: save less often, with a larger save_freq.</source>
        <translation>%1 的每次保存都会拖住触发它的那一步：请减少保存次数，把 save_freq 调大。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A spike at each epoch start is per-epoch work landing in that step: the loader starts every epoch with an empty queue once the epoch&apos;s batch order is drawn, so the first step waits for its batch (Data wait above when that is the cause). Longer epochs spread it thinner; leave these steps out of timings (compare medians, not means).</source>
        <translation>每轮开始时的尖峰是每轮一次的工作落在了那一步：每轮抽定批次顺序后，加载线程从空队列开始，所以第一步要等待它的批次（如果是这个原因，上面会显示数据等待）。更长的轮次能把它摊薄；计时时请把这些步排除在外（比较中位数，而不是平均值）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Steps far above the median usually come from periodic work of the run itself (checkpoints, logs, the data pipeline refilling) or from other processes taking the cores; the phase holding the excess says which. Leave the spikes out of timings (compare medians, not means) and look for work that runs every %1 steps.</source>
        <translation>远高于中位数的步通常来自运行自身的周期性工作（检查点、日志、数据管道补充）或占用核心的其他进程；多出的时间落在哪个阶段就说明是哪一种。计时时请把尖峰排除在外（比较中位数，而不是平均值），并找出每 %1 步运行一次的工作。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Steps far above the median usually come from periodic work of the run itself (checkpoints, logs, the data pipeline refilling) or from other processes taking the cores; the phase holding the excess says which. Leave the spikes out of timings (compare medians, not means) and look for work that runs now and then.</source>
        <translation>远高于中位数的步通常来自运行自身的周期性工作（检查点、日志、数据管道补充）或占用核心的其他进程；多出的时间落在哪个阶段就说明是哪一种。计时时请把尖峰排除在外（比较中位数，而不是平均值），并找出偶尔运行的工作。</translation>
    </message>
</context>
<context>
    <name>TerminateOnNaN</name>
    <message>
        <location filename="../engine/callbacks/metriccallbacks.cpp" line="-75"/>
        <source>Batch %1: Invalid loss, terminating training</source>
        <translation>第 %1 批：损失无效，终止训练</translation>
    </message>
</context>
<context>
    <name>TextCorpus</name>
    <message>
        <location filename="../engine/data/textcorpus.cpp" line="+48"/>
        <source>byte 0x%1 is not UTF-8; texts must be UTF-8 (save the file with that encoding)</source>
        <translation>字节 0x%1 不是 UTF-8；文本必须是 UTF-8（请以该编码保存文件）</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>the file has no data rows; each row needs a text and a label</source>
        <translation>文件没有数据行；每行需要一条文本和一个标签</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>the column is chosen by its name &quot;%1&quot;, but data.source.header says the file has no header; give its position instead</source>
        <translation>该列按名称&quot;%1&quot;选择，但 data.source.header 表示文件没有表头；请改用列位置</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 has no column named &quot;%2&quot;; its header names %3</source>
        <translation>%1 没有名为&quot;%2&quot;的列；其表头列出 %3</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the row has %1 field, but the %2 column is field %3 (fields separated by %4)</source>
        <translation>该行有 %1 个字段，但 %2 列是第 %3 个字段（字段以 %4 分隔）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the row has %1 fields, but the %2 column is field %3 (fields separated by %4)</source>
        <translation>该行有 %1 个字段，但 %2 列是第 %3 个字段（字段以 %4 分隔）</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>the text is empty; give it words, or set data.text.empty_texts to &quot;skip&quot;</source>
        <translation>文本为空；请填入内容，或将 data.text.empty_texts 设为&quot;skip&quot;</translation>
    </message>
    <message>
        <location line="+157"/>
        <source>the label is empty; every text needs its class or target value</source>
        <translation>标签为空；每条文本都需要其类别或目标值</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>cannot open the folder: %1</source>
        <translation>无法打开文件夹：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not a folder; a text_folder source names a folder with one sub-folder of .txt files per class</source>
        <translation>不是文件夹；text_folder 数据源应指向一个文件夹，其中每个类别有一个存放 .txt 文件的子文件夹</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>the folder has no class folders; put each class&apos;s .txt files in a sub-folder named after it (pos/, neg/)</source>
        <translation>该文件夹没有类别文件夹；请把每个类别的 .txt 文件放进以类别命名的子文件夹（pos/、neg/）</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>cannot read the folder: %1</source>
        <translation>无法读取文件夹：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>cannot read the folder</source>
        <translation>无法读取文件夹</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the link leads to a folder already read (a loop of symbolic links, or two links to one folder); remove the link or add its name to data.source.ignore</source>
        <translation>该链接指向已读过的文件夹（符号链接成环，或两个链接指向同一文件夹）；请删除该链接，或把它的名称加入 data.source.ignore</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>the class folder has no .txt files</source>
        <translation>该类别文件夹中没有 .txt 文件</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>folders nested deeper than %1 levels inside a class folder</source>
        <translation>类别文件夹内的文件夹嵌套超过 %1 层</translation>
    </message>
    <message>
        <location line="+31"/>
        <location line="+47"/>
        <source>cannot open the text file: %1</source>
        <translation>无法打开文本文件：%1</translation>
    </message>
    <message>
        <location line="-44"/>
        <source>the file has %1 bytes, more than the %2 a text may have</source>
        <translation>文件有 %1 字节，超过一条文本允许的 %2 字节</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>holding the texts read so far</source>
        <translation>保存已读取的文本</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>reading the texts</source>
        <translation>读取文本</translation>
    </message>
</context>
<context>
    <name>TextScorer</name>
    <message>
        <location filename="../engine/predict/predictionmessages.cpp" line="+6"/>
        <source>the model was not trained on text: it reads arrays, not typed text</source>
        <translation>模型不是在文本上训练的：它读取数组，而不是输入的文本</translation>
    </message>
</context>
<context>
    <name>TextSource</name>
    <message>
        <location filename="../engine/data/textsource.cpp" line="-321"/>
        <source>every training text has the label &quot;%1&quot;; a classifier needs texts of at least two classes (for numbers as targets, use the loss &quot;mse&quot;)</source>
        <translation>所有训练文本的标签都是&quot;%1&quot;；分类器需要至少两个类别的文本（若以数值为目标，请使用损失&quot;mse&quot;）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&quot;binary_crossentropy&quot; needs two classes, but the texts have %1: %2; use &quot;sparse_categorical_crossentropy&quot; with a last Dense layer of %1 units</source>
        <translation>&quot;binary_crossentropy&quot;需要两个类别，但文本有 %1 个：%2；请使用&quot;sparse_categorical_crossentropy&quot;，并让最后的 Dense 层有 %1 个单元</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the label &quot;%1&quot; is not a number, but the loss &quot;%2&quot; needs numbers as targets; for classes use a cross-entropy loss</source>
        <translation>标签&quot;%1&quot;不是数值，但损失&quot;%2&quot;需要数值目标；类别请使用交叉熵损失</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>the label &quot;%1&quot; is not one of the training texts&apos; classes (%2)</source>
        <translation>标签&quot;%1&quot;不属于训练文本的类别（%2）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>cannot open the vocabulary file: %1</source>
        <translation>无法打开词表文件：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 has %2 bytes, more than the %3 a vocabulary file may have</source>
        <translation>%1 有 %2 字节，超过词表文件允许的 %3 字节</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the vocabulary file is not UTF-8</source>
        <translation>词表文件不是 UTF-8</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 holds %2 entries (padding and [UNK] counted), more than max_tokens %3</source>
        <translation>%1 含 %2 项（计入填充和 [UNK]），超过 max_tokens %3</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>the vocabulary has %1 entries (padding and [UNK] counted), but the Embedding layer reads ids below its input_dim %2; set max_tokens to %2, or input_dim to %1</source>
        <translation>词表有 %1 项（计入填充和 [UNK]），但 Embedding 层只读取小于其 input_dim %2 的编号；请把 max_tokens 设为 %2，或把 input_dim 设为 %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>holding the token ids</source>
        <translation>保存词元编号</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1 and %2 more</source>
        <translation>%1 及另外 %2 项</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>%1 holds no text to train on</source>
        <translation>%1 中没有可训练的文本</translation>
    </message>
    <message>
        <location line="+118"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 labels: %2</source>
        <translation>%1 个标签：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source> ... (%1 tokens)</source>
        <translation> ……（%1 个词元）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1: %2 texts</source>
        <translation>%1：%2 条文本</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>lengths in tokens: median %1, 95th percentile %2, longest %3</source>
        <translation>长度（词元数）：中位数 %1，第 95 百分位 %2，最长 %3</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>at %1 tokens per sample: %2 of the texts cut, %3 of the time steps padding</source>
        <translation>每个样本 %1 个词元时：%2 的文本被截断，%3 的时间步是填充</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 distinct tokens in all the texts</source>
        <translation>全部文本中共有 %1 种不同的词元</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
</context>
<context>
    <name>TextVectorizer</name>
    <message>
        <location filename="../engine/text/textvectorizer.cpp" line="+105"/>
        <source>max_tokens must be 0 (no limit) or at least 3: it counts the padding and [UNK] entries, got %1</source>
        <translation>max_tokens 必须为 0（不限）或至少为 3：它包含填充和 [UNK] 两项，实际为 %1</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>vocabulary entry %1 is empty: only the padding entry may be</source>
        <translation>词表第 %1 项为空：只有填充项可以为空</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>vocabulary entry %1 (&quot;%2&quot;) is listed more than once</source>
        <translation>词表第 %1 项（&quot;%2&quot;）重复出现</translation>
    </message>
</context>
<context>
    <name>Threading</name>
    <message>
        <location filename="../engine/train/trainingmessages.cpp" line="+19"/>
        <source>device.inter_op_threads=%1 could not be applied: LibTorch sets the inter-op pool once per process and it already has %2 threads</source>
        <translation>device.inter_op_threads=%1 无法应用：LibTorch 每个进程只设置一次算子间线程池，而它已有 %2 个线程</translation>
    </message>
</context>
<context>
    <name>ThreadsRule</name>
    <message>
        <location filename="../engine/diagnosis/threadsrule.cpp" line="+40"/>
        <source>%1 thread</source>
        <translation>%1 个线程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 threads</source>
        <translation>%1 个线程</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 physical core</source>
        <translation>%1 个物理核心</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 physical cores</source>
        <translation>%1 个物理核心</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 logical core</source>
        <translation>%1 个逻辑核心</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 logical cores</source>
        <translation>%1 个逻辑核心</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>device.intra_op_threads is already 0 (one per physical core), yet the run applied %1: something outside the config set LibTorch&apos;s threads (OMP_NUM_THREADS, a CPU affinity or container limit); check the doctor&apos;s thread findings</source>
        <translation>device.intra_op_threads 已经是 0（每个物理核心一个），但运行实际用了 %1：配置之外的某个设置决定了 LibTorch 的线程数（OMP_NUM_THREADS、CPU 亲和性或容器限制）；请查看环境检查中关于线程的结果</translation>
    </message>
    <message>
        <location line="+27"/>
        <source> (device.intra_op_threads = %1)</source>
        <translation>（device.intra_op_threads = %1）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 on a machine with %2</source>
        <translation>%1，而机器有 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 used: LibTorch ran each operation on %3%4</source>
        <translation>%2中只用了 %1 个：LibTorch 在 %3上运行每个运算%4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Set device.intra_op_threads to 0 (one per physical core); the what-if run measures whether the math splits well enough to gain from them</source>
        <translation>把 device.intra_op_threads 设为 0（每个物理核心一个）；假设实验会实测计算能否拆分得足够好，从而受益</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 on %2 (oversubscribed)</source>
        <translation>%1运行在 %2上（超额）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 intra-op threads for %2 and %3%4: threads take turns on the cores and wait for each other at every parallel region</source>
        <translation>%1 个算子内线程对应 %2和 %3%4：线程轮流使用核心，并在每个并行区域相互等待</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Set device.intra_op_threads to 0 (one per physical core)</source>
        <translation>把 device.intra_op_threads 设为 0（每个物理核心一个）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 on %2 (hyper-threads)</source>
        <translation>%1运行在 %2上（超线程）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 intra-op threads for %2 and %3%4: some threads share a core</source>
        <translation>%1 个算子内线程对应 %2和 %3%4：有些线程共用一个核心</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Try device.intra_op_threads 0 (one per physical core); hyper-threads share the floating-point units matrix products need</source>
        <translation>试试把 device.intra_op_threads 设为 0（每个物理核心一个）；超线程共用矩阵乘法所需的浮点单元</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>thread %1 idle at %2</source>
        <translation>线程 %1 的 CPU 占用只有 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>threads %1 idle at %2</source>
        <translation>线程 %1 的 CPU 占用分别只有 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (and %1)</source>
        <translation>（另有 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 more thread</source>
        <translation>%1 个线程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 more threads</source>
        <translation>%1 个线程</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>%1 of %2 mostly idle while training ran</source>
        <translation>训练期间 %2中有 %1 个大多处于空闲</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 compute thread</source>
        <translation>%1 个计算线程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 compute threads</source>
        <translation>%1 个计算线程</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 CPU (means over %2 samples taken while the process used at least %3 of a core); the busiest %4 thread averaged %5</source>
        <translation>%1（为进程至少占用一个核心的 %3 时所取 %2 次采样的平均值）；最忙的 %4 线程平均为 %5</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The run&apos;s math does not keep its threads busy: each operation is too small to split over them, or the threads wait on each other. Larger batches give each operation more to split; fewer intra-op threads may run as fast and free the cores (try it with a what-if run)</source>
        <translation>运行的计算没有让线程忙起来：每个运算太小，不值得拆分到这些线程上，或者线程在相互等待。更大的批次让每个运算有更多可拆分的工作；更少的算子内线程也许一样快，还能空出核心（可用假设实验试一试）</translation>
    </message>
</context>
<context>
    <name>TokenizerFile</name>
    <message>
        <location filename="../engine/data/tokenizerfile.cpp" line="+43"/>
        <location line="+49"/>
        <source>expected a string, got %1</source>
        <translation>应为字符串，实际为 %1</translation>
    </message>
    <message>
        <location line="-36"/>
        <source>more than %1 classes</source>
        <translation>类别超过 %1 个</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>expected no classes, or two or more distinct, non-empty names in byte order</source>
        <translation>应为没有类别，或按字节顺序排列的两个及以上互不相同的非空名称</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>expected an array of tokens</source>
        <translation>应为词元数组</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>expected the padding entry &quot;&quot; and &quot;[UNK]&quot; first</source>
        <translation>开头应为填充项 &quot;&quot; 和 &quot;[UNK]&quot;</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 entries, more than max_tokens %2</source>
        <translation>%1 项，超过 max_tokens %2</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>expected &quot;%1&quot;: not a tokenizer file</source>
        <translation>应为 &quot;%1&quot;：这不是分词器文件</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>cannot open the tokenizer file: %1</source>
        <translation>无法打开分词器文件：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 bytes, more than the %2 a tokenizer file may have</source>
        <translation>%1 字节，超过分词器文件允许的 %2 字节</translation>
    </message>
</context>
<context>
    <name>TrainCommand</name>
    <message>
        <location filename="../cli/traincommand.cpp" line="+56"/>
        <source>interrupted: stopping after the current batch (press Ctrl+C again to quit at once)</source>
        <translation>已中断：当前批次结束后停止（再按一次 Ctrl+C 立即退出）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 received: stopping after the current batch (a second signal quits at once)</source>
        <translation>收到 %1：当前批次结束后停止（再收到一次信号立即退出）</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>not recording this run: %1</source>
        <translation>不记录本次运行：%1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>cannot start the run: %1</source>
        <translation>无法开始运行：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Stopped before training started</source>
        <translation>训练开始前已停止</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the run database missed part of this run: %1</source>
        <translation>运行数据库漏记了本次运行的一部分：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Recorded as run %1 in %2</source>
        <translation>已记录为 %2 中的运行 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Summary written to %1</source>
        <translation>摘要已写入 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>cannot write the run summary: %1</source>
        <translation>无法写入运行摘要：%1</translation>
    </message>
</context>
<context>
    <name>TrainedTokenizer</name>
    <message>
        <location filename="../engine/data/trainedtokenizer.cpp" line="+23"/>
        <source>the vocabulary has %1 entries, but the model&apos;s Embedding has rows for ids below %2 only: this tokenizer belongs to another model</source>
        <translation>词表有 %1 项，但模型的 Embedding 只有 id 小于 %2 的行：此分词器属于另一个模型</translation>
    </message>
</context>
<context>
    <name>Trainer</name>
    <message>
        <location filename="../engine/train/trainingmessages.cpp" line="-101"/>
        <source>Resuming from the backup: %1</source>
        <translation>从备份继续：%1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>&quot;nccl&quot; is not supported by this EpochScope yet: its ranks average gradients over Gloo; use &quot;gloo&quot; or &quot;auto&quot;</source>
        <translation>此 EpochScope 尚不支持 &quot;nccl&quot;：其各进程通过 Gloo 平均梯度；请使用 &quot;gloo&quot; 或 &quot;auto&quot;</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>rank %1 of %2: meeting the others at %3</source>
        <translation>进程 %1/%2：正在 %3 与其他进程会合</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 ranks train on this machine: %2 intra-op threads each of its %3 physical cores</source>
        <translation>本机上有 %1 个进程在训练：在其 %3 个物理核心中每个进程使用 %2 个算子内线程</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>backup_and_restore&apos;s backup_dir must be on a file system every rank sees</source>
        <translation>backup_and_restore 的 backup_dir 必须位于所有进程都能访问的文件系统上</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 of the ranks would not resume where rank 0 does (epoch %2, step %3): %4</source>
        <translation>有 %1 个进程不会从进程 0 恢复的位置（第 %2 轮，第 %3 步）继续：%4</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>rank %1 would start at epoch %2, step %3, but rank 0 resumes at epoch %4, step %5: %6</source>
        <translation>进程 %1 将从第 %2 轮第 %3 步开始，但进程 0 从第 %4 轮第 %5 步恢复：%6</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>data staged on %1 once: %2 MB in %3 s</source>
        <translation>数据一次性暂存到 %1：%2 MB，用时 %3 秒</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>another rank was asked to stop: every rank stops after this step</source>
        <translation>另一个进程被要求停止：所有进程在这一步之后停止</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>The backup was taken after the last epoch: nothing is left to train</source>
        <translation>备份是在最后一轮之后做的：没有剩下要训练的</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Training ended by %1</source>
        <translation>训练结束，原因：%1</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>%1 ran %2 of %3 training batches on the step loop instead of its whole-sequence kernel: their mask_zero padding was not all on the right (a padding token 0 before a real one); pad every sample at its end</source>
        <translation>%1 在 %3 个训练批次中有 %2 个在逐步循环而非整序列内核上运行：这些批次的 mask_zero 填充并非全在右侧（真实词元之前出现了填充词元 0）；请把每个样本的填充放在末尾</translation>
    </message>
</context>
<context>
    <name>TransferBoundRule</name>
    <message>
        <location filename="../engine/diagnosis/transferboundrule.cpp" line="+111"/>
        <source>Copying batches to the device takes %1 of the steady step time</source>
        <translation>把批次复制到设备占稳态步耗时的 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>placement host: the dataset lives on the host (pageable memory) and is copied every batch</source>
        <translation>数据放置为 host：数据集位于主机（可分页内存），每个批次都要复制</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>placement pinned with prefetch %1: the dataset lives on the host (pinned memory) and every batch is copied ahead by the loader thread, so the phase holds only the wait for that copy and the rate above is not the link&apos;s</source>
        <translation>数据放置为 pinned，预取为 %1：数据集位于主机（锁页内存），每个批次由加载线程提前复制，所以该阶段只包含等待复制的时间，上面的速率并不是链路的速率</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>placement pinned: the dataset lives on the host (pinned memory) and is copied every batch</source>
        <translation>数据放置为 pinned：数据集位于主机（锁页内存），每个批次都要复制</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>in a script the phase holds NumPy arrays made into tensors and copies to another device</source>
        <translation>在脚本中，这一阶段包含把 NumPy 数组转换为张量以及复制到其他设备</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>placement not recorded</source>
        <translation>数据放置未记录</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>host_to_device takes %1 of the steady steps&apos; time (%2 ms of %3 ms per step, means over %4 steady steps, %5); %6 per step (median), %7 GB/s effective (the steps&apos; bytes over their host_to_device time); %8.</source>
        <translation>host_to_device 占稳态步耗时的 %1（每步 %3 ms 中的 %2 ms，为 %4 个稳态步的平均值，%5）；每步 %6（中位数），有效速率 %7 GB/s（各步的字节数除以其 host_to_device 时间）；%8。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>On the CPU, data.placement &quot;device&quot; trains on views of the dataset instead of copying each batch (data.shuffle is false, so batches are contiguous).</source>
        <translation>在 CPU 上，data.placement &quot;device&quot; 直接在数据集的视图上训练，不再复制每个批次（data.shuffle 为 false，所以批次是连续的）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>On the CPU no placement removes this copy: with shuffling each batch is gathered into new memory whatever the placement. Smaller batches or a smaller sample (fewer timesteps or features) copy less.</source>
        <translation>在 CPU 上，没有哪种数据放置能省掉这次复制：打乱顺序时，无论怎样放置，每个批次都要收集到新的内存中。更小的批次或更小的样本（更少的时间步数或特征数）复制得更少。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Keep the dataset on the device: data.placement &quot;device&quot; copies it once before the first epoch and gathers batches there, so no step copies. The whole training set must fit in device memory next to the model, its optimizer state and activations.</source>
        <translation>把数据集放在设备上：data.placement &quot;device&quot; 在第一轮之前复制一次，之后在设备上收集批次，各步不再复制。整个训练集必须能与模型、优化器状态和激活值一起放进设备内存。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source> When it does not fit, %1 copies from page-locked memory on the loader thread&apos;s own stream, overlapping the copy with the previous step.</source>
        <translation>放不下时，%1 会在加载线程自己的流上从锁页内存复制，让复制与上一步重叠。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Keep the dataset on the device (data.placement &quot;device&quot;) when it fits in device memory, or use pinned memory with prefetch so that the copy overlaps the steps.</source>
        <translation>数据集能放进设备内存时，把它放在设备上（data.placement &quot;device&quot;）；否则使用锁页内存并开启预取，让复制与各步重叠。</translation>
    </message>
</context>
<context>
    <name>UnfusedLstmRule</name>
    <message>
        <location filename="../engine/diagnosis/unfusedlstmrule.cpp" line="+65"/>
        <source>Forward+Backward took %1 of the steady step time (%2 of %3 ms per step on average, steps %4-%5)</source>
        <translation>前向+反向占稳态步耗时的 %1（平均每步 %3 ms 中的 %2 ms，第 %4-%5 步）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>no reason recorded</source>
        <translation>未记录原因</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The recurrent layers ran unfused on LibTorch&apos;s CPU backend</source>
        <translation>循环层在 LibTorch 的 CPU 后端上以未融合方式运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>backend %1 (%2); %3</source>
        <translation>后端 %1（%2）；%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>LibTorch&apos;s CPU kernels compute these layers (LibTorch 1.13&apos;s LSTM, and its GRU in every release) as a matrix product plus separate element-wise operations at every time step, where oneDNN&apos;s fused kernels run a layer&apos;s whole sequence in one primitive (docs/benchmarks.md has the speed-ups measured). Set backend to &quot;onednn&quot; (the patch; &quot;auto&quot; also picks it on the CPU); the model, weights and checkpoints stay the same</source>
        <translation>LibTorch 的 CPU 内核计算这些层时（LibTorch 1.13 的 LSTM，以及各版本的 GRU），每个时间步都做一次矩阵乘法外加单独的逐元素运算，而 oneDNN 的融合内核用一个原语跑完一层的整个序列（实测加速比见 docs/benchmarks.md）。把 backend 设为 &quot;onednn&quot;（即配置补丁；在 CPU 上 &quot;auto&quot; 也会选它）；模型、权重和检查点都保持不变</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>LibTorch&apos;s CPU kernels compute these layers (LibTorch 1.13&apos;s LSTM, and its GRU in every release) as a matrix product plus separate element-wise operations at every time step, where oneDNN&apos;s fused kernels run a layer&apos;s whole sequence in one primitive (docs/benchmarks.md has the speed-ups measured). This build has no oneDNN: rebuild with EPOCHSCOPE_WITH_ONEDNN=ON (Debian&apos;s libdnnl-dev) to select it. Until then make sure the BLAS is a fast one (the doctor&apos;s reference-blas finding), as the unfused layers&apos; matrix products go through it</source>
        <translation>LibTorch 的 CPU 内核计算这些层时（LibTorch 1.13 的 LSTM，以及各版本的 GRU），每个时间步都做一次矩阵乘法外加单独的逐元素运算，而 oneDNN 的融合内核用一个原语跑完一层的整个序列（实测加速比见 docs/benchmarks.md）。此构建没有 oneDNN：请用 EPOCHSCOPE_WITH_ONEDNN=ON 重新构建（Debian 的 libdnnl-dev）后再选用它。在此之前请确保使用快速的 BLAS（见环境检查的 reference-blas 结果），因为未融合层的矩阵乘法都经过它</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The LSTM layers ran without cuDNN&apos;s fused kernels on %1</source>
        <translation>LSTM 层在 %1 上运行时没有使用 cuDNN 的融合内核</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cudnn %1; backend %2 (%3); %4</source>
        <translation>cuDNN 状态 %1；后端 %2（%3）；%4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Set device.cudnn to true: cuDNN runs the whole LSTM as fused kernels, where without it LibTorch launches separate kernels for every time step</source>
        <translation>把 device.cudnn 设为 true：cuDNN 用融合内核运行整个 LSTM，没有它时 LibTorch 会为每个时间步分别启动内核</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>cuDNN was not used for a reason outside the config (%1): use a LibTorch built with cuDNN, or a machine where it loads, to get the fused LSTM kernels</source>
        <translation>cuDNN 因配置之外的原因没有使用（%1）：请使用带 cuDNN 构建的 LibTorch，或在能加载它的机器上运行，以获得融合的 LSTM 内核</translation>
    </message>
</context>
<context>
    <name>UnfusedRecurrentRule</name>
    <message>
        <location filename="../engine/diagnosis/unfusedrecurrentrule.cpp" line="+107"/>
        <source>%1 ran on the step loop: %2 %3 has no fused kernel</source>
        <translation>%1 在逐步循环上运行：%2 %3 没有融合内核</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 (%2) took %3 of the forward time over %4 training steps; with Forward+Backward at %5 of the steady step time, that is about %6 of each step</source>
        <translation>%1（%2）在 %4 个训练步中占前向时间的 %3；前向+反向占稳态步耗时的 %5，因此约占每步的 %6</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 (%2); its share of the step was not measured (layers are timed on the CPU, over at least %3 steady steps)</source>
        <translation>%1（%2）；未测得它在每步中的占比（各层只在 CPU 上计时，且至少需要 %3 个稳态步）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A recurrent layer runs one fused kernel for its whole sequence (oneDNN on the CPU, cuDNN on CUDA) only with activation tanh, recurrent_activation sigmoid, recurrent_dropout 0, unroll false and, for a GRU, reset_after true, as in Keras. Set %1 on %2</source>
        <translation>与 Keras 一样，循环层只有在 activation 为 tanh、recurrent_activation 为 sigmoid、recurrent_dropout 为 0、unroll 为 false，且 GRU 的 reset_after 为 true 时，才会用一个融合内核处理整个序列（CPU 上为 oneDNN，CUDA 上为 cuDNN）。请在 %2 上设置 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A recurrent layer runs one fused kernel for its whole sequence (oneDNN on the CPU, cuDNN on CUDA) only with activation tanh, recurrent_activation sigmoid, recurrent_dropout 0, unroll false and, for a GRU, reset_after true, as in Keras. The patch sets %1 (and the other kernel options) on %2. This changes the model: compare the loss as well as the speed (Try this fix measures both)</source>
        <translation>与 Keras 一样，循环层只有在 activation 为 tanh、recurrent_activation 为 sigmoid、recurrent_dropout 为 0、unroll 为 false，且 GRU 的 reset_after 为 true 时，才会用一个融合内核处理整个序列（CPU 上为 oneDNN，CUDA 上为 cuDNN）。该补丁在 %2 上设置 %1（以及其他内核选项）。这会改变模型：请同时比较损失和速度（“试用此修复”会同时测量两者）</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1 ran %2 of %3 training batches on the step loop: mask_zero padding on the left</source>
        <translation>%1 在 %3 个训练批次中有 %2 个在逐步循环上运行：mask_zero 填充在左侧</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 (%2) fell back to the step loop for %3 of %4 training batches: in each, some sample had a padding token 0 before a real one. The layer took %5 of the forward time over %6 training steps; with Forward+Backward at %7 of the steady step time, that is about %8 of each step</source>
        <translation>%1（%2）在 %4 个训练批次中有 %3 个退回到逐步循环：这些批次中都有样本在真实词元之前出现了填充词元 0。该层在 %6 个训练步中占前向时间的 %5；前向+反向占稳态步耗时的 %7，因此约占每步的 %8</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 (%2) fell back to the step loop for %3 of %4 training batches: in each, some sample had a padding token 0 before a real one. Its share of the step was not measured (layers are timed on the CPU, over at least %5 steady steps)</source>
        <translation>%1（%2）在 %4 个训练批次中有 %3 个退回到逐步循环：这些批次中都有样本在真实词元之前出现了填充词元 0。未测得它在每步中的占比（各层只在 CPU 上计时，且至少需要 %5 个稳态步）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>A whole-sequence kernel (oneDNN&apos;s or cuDNN&apos;s fused one, or LibTorch&apos;s) can only end a sample early, so a batch padded on the left runs on the step loop (Keras, too, leaves cuDNN for such a batch). Pad each sample at its end when preparing the data: keras.utils.pad_sequences(..., padding=&quot;post&quot;) (its default, &quot;pre&quot;, pads at the start); %1 then runs every batch on its own kernel</source>
        <translation>整序列内核（oneDNN 或 cuDNN 的融合内核，或 LibTorch 的内核）只能让样本提前结束，因此在左侧填充的批次会在逐步循环上运行（Keras 遇到这样的批次也会放弃 cuDNN）。准备数据时请把每个样本的填充放在末尾：keras.utils.pad_sequences(..., padding=&quot;post&quot;)（其默认值 &quot;pre&quot; 在开头填充）；这样 %1 的每个批次都会在它自己的内核上运行</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>A whole-sequence kernel (oneDNN&apos;s or cuDNN&apos;s fused one, or LibTorch&apos;s) can only end a sample early, so a batch padded on the left runs on the step loop (Keras, too, leaves cuDNN for such a batch). The patch sets data.source.padding to &quot;post&quot;: the same reviews, padded at their end as keras.utils.pad_sequences(..., padding=&quot;post&quot;) does, so that %1 runs every batch on its own kernel. The mask keeps the padding out of the results either way: the loss should barely change (Try this fix measures both)</source>
        <translation>整序列内核（oneDNN 或 cuDNN 的融合内核，或 LibTorch 的内核）只能让样本提前结束，因此在左侧填充的批次会在逐步循环上运行（Keras 遇到这样的批次也会放弃 cuDNN）。该补丁把 data.source.padding 设为 &quot;post&quot;：同样的评论，像 keras.utils.pad_sequences(..., padding=&quot;post&quot;) 那样在末尾填充，使 %1 的每个批次都在它自己的内核上运行。无论哪种方式，掩码都会把填充排除在结果之外：损失应几乎不变（“试用此修复”会同时测量两者）</translation>
    </message>
</context>
<context>
    <name>VariantSpec</name>
    <message>
        <location filename="../engine/whatif/variantspec.cpp" line="-114"/>
        <source>&apos;%1&apos;: expected KEY=V1,V2,... (for example threads=1,2)</source>
        <translation>&apos;%1&apos;：应为 KEY=V1,V2,...（例如 threads=1,2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>epochs cannot be varied: each measured run trains one epoch of --warmup-steps + --measured-steps steps, and the projection uses the config&apos;s own epoch length</source>
        <translation>epochs 不能变化：每次实测运行只训练一轮，共 --warmup-steps + --measured-steps 步，推算使用配置自身的每轮长度</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>key %1</source>
        <translation>键 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>unknown key &apos;%1&apos;; use an alias (%2) or a dotted config path such as data.placement or callbacks[0].save_freq</source>
        <translation>未知的键 &apos;%1&apos;；请使用别名（%2）或以点分隔的配置路径，例如 data.placement 或 callbacks[0].save_freq</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 cannot be varied: each measured run trains one epoch of --warmup-steps + --measured-steps steps</source>
        <translation>%1 不能变化：每次实测运行只训练一轮，共 --warmup-steps + --measured-steps 步</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: empty value in &apos;%2&apos;</source>
        <translation>%1：&apos;%2&apos; 中有空值</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&apos;%1&apos; is not valid JSON</source>
        <translation>&apos;%1&apos; 不是有效的 JSON</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>expected a JSON object that changes the config, such as {&quot;data&quot;:{&quot;prefetch&quot;:2}}</source>
        <translation>应为修改配置的 JSON 对象，例如 {&quot;data&quot;:{&quot;prefetch&quot;:2}}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 is varied twice (%2, %3); give all its values in one --vary</source>
        <translation>%1 被变化了两次（%2，%3）；请在一个 --vary 中给出它的所有取值</translation>
    </message>
</context>
<context>
    <name>WarmupRule</name>
    <message>
        <location filename="../engine/diagnosis/warmuprule.cpp" line="-175"/>
        <source>the median of epochs %1-%2</source>
        <translation>第 %1-%2 轮的中位数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the median of %1 later epochs</source>
        <translation>其后 %1 轮的中位数</translation>
    </message>
    <message>
        <location line="+116"/>
        <source>Epoch %1 took %2 the steady epoch (%3 vs %4, %5 of %6 steps), %7 more</source>
        <translation>第 %1 轮耗时是稳态轮的 %2（%3 对比 %4，即%5，每轮 %6 步），多用了 %7</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Epoch %1 took %2 its steady pace (%3 for its %4 steps vs %5 at the steady median step of %6 of %7), %8 more</source>
        <translation>第 %1 轮耗时是其稳态节奏的 %2（%4 步用了 %3，而按%7的稳态步中位数 %6 计算为 %5），多用了 %8</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 (at %2 the steady step of %3 or more)</source>
        <translation>%1（达到稳态步 %3 的 %2 或以上）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (%2 of them at %3 the steady step of %4 or more)</source>
        <translation>%1（其中 %2 步达到稳态步 %4 的 %3 或以上）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 holds %2 (%3) of the excess</source>
        <translation>%1占了多出时间中的 %2（%3）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 hold %2 (%3) of the excess</source>
        <translation>%1占了多出时间中的 %2（%3）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 holds %2 above the steady step time, all of the epoch&apos;s excess</source>
        <translation>%1比稳态步耗时多出 %2，即该轮多出的全部时间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 hold %2 above the steady step time, all of the epoch&apos;s excess</source>
        <translation>%1比稳态步耗时多出 %2，即该轮多出的全部时间</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no leading step took %1 the steady step (%2): the excess is spread over %3</source>
        <translation>开头没有哪一步达到稳态步（%2）的 %1：多出的时间分布在%3</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1, %2 over each phase&apos;s steady median</source>
        <translation>%1，相对各阶段的稳态中位数，%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> Batches by length trained %1 batch shapes (%2 widths in time steps); the first step of each of the %3 that recurred took %4 more in all than the later steps of its shape, the one-time cost of a new shape (its kernels&apos; primitives and buffers).</source>
        <translation>按长度分批共训练了 %1 种批次形状（%2 种时间步宽度）；其中重复出现的 %3 种形状，各自第一步合计比同形状之后的步骤多用 %4，这是新形状的一次性开销（其内核的原语和缓冲区）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source> The run&apos;s warm-up steps took %1, recorded as the Warm-up phase of step %2 and left out of these times.</source>
        <translation>本次运行的预热步耗时 %1，记为第 %2 步的预热阶段，未计入上述时间。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Warm-up: epoch %1 took %2 the steady epoch</source>
        <translation>预热：第 %1 轮耗时是稳态轮的 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warm-up: epoch %1 took %2 the steady pace</source>
        <translation>预热：第 %1 轮耗时是稳态节奏的 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, most of it in %2</source>
        <translation>%1，大部分在%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, slow %2</source>
        <translation>%1，%2较慢</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Warm-up is a one-time cost. Set training.warmup_steps to %1 (the patch): that many forward and backward passes on the first batches, without a weight update, run before step %2, so the first-step cost shows as the Warm-up phase instead of hiding in step %2; the weights and losses stay as without them. Otherwise leave %3 out of any timing (start a measured window after them).</source>
        <translation>预热是一次性开销。把 training.warmup_steps 设为 %1（即配置补丁）：在第 %2 步之前，先在最初的批次上做这么多次不更新权重的前向和反向计算，这样首步开销会显示为预热阶段，而不是藏在第 %2 步里；权重和损失与不预热时相同。否则，计时时请把%3排除在外（在它们之后再开始测量窗口）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Warm-up is a one-time cost, and the run&apos;s %1 warm-up step did not absorb all of it: they run forward and backward on the first batches only, so the optimizer&apos;s first update, a batch shape they did not see (a last partial batch) and the first pass over the data still cost in the steps. Leave %2 out of any timing (start a measured window after them).</source>
        <translation>预热是一次性开销，本次运行的 %1 个预热步没有把它全部吸收：预热步只在最初的批次上做前向和反向计算，所以优化器的第一次更新、预热时没见过的批次形状（最后一个不完整的批次）以及第一遍读取数据，仍然算在各步里。计时时请把%2排除在外（在它们之后再开始测量窗口）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Warm-up is a one-time cost, and the run&apos;s %1 warm-up steps did not absorb all of it: they run forward and backward on the first batches only, so the optimizer&apos;s first update, a batch shape they did not see (a last partial batch) and the first pass over the data still cost in the steps. Leave %2 out of any timing (start a measured window after them).</source>
        <translation>预热是一次性开销，本次运行的 %1 个预热步没有把它全部吸收：预热步只在最初的批次上做前向和反向计算，所以优化器的第一次更新、预热时没见过的批次形状（最后一个不完整的批次）以及第一遍读取数据，仍然算在各步里。计时时请把%2排除在外（在它们之后再开始测量窗口）。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>no leading step stands out, the excess is spread over the epoch</source>
        <translation>开头没有哪一步特别突出，多出的时间分布在整轮中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>they take the cost of a slow first step, and step %1 was under %2 the steady step</source>
        <translation>预热步针对的是较慢的首步，而第 %1 步不到稳态步的 %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Warm-up is a one-time cost: leave %1 out of any timing (start a measured window after them). Warm-up steps (training.warmup_steps) would not help here: %2.</source>
        <translation>预热是一次性开销：计时时请把%1排除在外（在它们之后再开始测量窗口）。预热步（training.warmup_steps）在这里帮不上忙：%2。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source> Warm-up steps meet only the shapes of the first batches: every other batch shape still costs extra in the first step it runs.</source>
        <translation>预热步只会遇到最初几个批次的形状：其他每种批次形状在其第一次运行的那一步仍有额外开销。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> Much of a first step&apos;s cost is creating kernels and their primitives: a fused LSTM backend (oneDNN on the CPU, cuDNN on CUDA) creates its primitives once and reuses them, which cuts it.</source>
        <translation>首步的开销很大一部分是创建内核及其原语：融合的 LSTM 后端（CPU 上的 oneDNN、CUDA 上的 cuDNN）只创建一次原语并重复使用，可以减少这部分开销。</translation>
    </message>
</context>
<context>
    <name>WhatifCommand</name>
    <message>
        <location filename="../cli/whatifconsole.cpp" line="+55"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, no step measured</source>
        <translation>%1，没有测到任何步</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 ms/step (%2 step), stopped: not counted</source>
        <translation>%1 ms/步（%2 步），已停止：不计入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms/step (%2 steps), stopped: not counted</source>
        <translation>%1 ms/步（%2 步），已停止：不计入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms/step (%2 step)</source>
        <translation>%1 ms/步（%2 步）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms/step (%2 steps)</source>
        <translation>%1 ms/步（%2 步）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>[%1/%2] %3 repeat %4/%5: %6</source>
        <translation>[%1/%2] %3 第 %4/%5 次重复：%6</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>interrupted: stopping the experiment after the current step (press Ctrl+C again to quit at once)</source>
        <translation>已中断：当前步结束后停止实验（再按一次 Ctrl+C 立即退出）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 received: stopping the experiment after the current step (a second signal quits at once)</source>
        <translation>收到 %1：当前步结束后停止实验（再收到一次信号立即退出）</translation>
    </message>
    <message>
        <location filename="../cli/whatifcommand.cpp" line="+40"/>
        <source>whatif needs at least one --vary KEY=V1,V2,... or --patch JSON (for example --vary threads=1,2)</source>
        <translation>whatif 至少需要一个 --vary KEY=V1,V2,... 或 --patch JSON（例如 --vary threads=1,2）</translation>
    </message>
    <message>
        <location filename="../cli/whatifconsole.cpp" line="-63"/>
        <source>What-if on %1: baseline + %2, %3 each = %4 of %5 steps (%6 warm-up + %7 measured), interleaved</source>
        <translation>假设实验 %1：基线 + %2，各%3 = %4，每次 %5 步（预热 %6 步 + 实测 %7 步），交替进行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 variant</source>
        <translation>%1 个变体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 variants</source>
        <translation>%1 个变体</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 repeat</source>
        <translation>重复 %1 次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 repeats</source>
        <translation>重复 %1 次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 run</source>
        <translation>%1 次运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 runs</source>
        <translation>%1 次运行</translation>
    </message>
    <message>
        <location filename="../cli/whatifcommand.cpp" line="+30"/>
        <source>Validation left out of the measured runs (no step time includes it; no callback needs it)</source>
        <translation>实测运行不做验证（任何步耗时都不包含验证；也没有回调需要它）</translation>
    </message>
    <message>
        <location filename="../cli/scriptwhatifcommand.cpp" line="-112"/>
        <location filename="../cli/whatifcommand.cpp" line="+5"/>
        <source>Skipped %1</source>
        <translation>已跳过 %1</translation>
    </message>
    <message>
        <location filename="../cli/whatifcommand.cpp" line="+2"/>
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>not recording this experiment: %1</source>
        <translation>不记录本次实验：%1</translation>
    </message>
    <message>
        <location filename="../cli/whatifconsole.cpp" line="+78"/>
        <source>the run database missed part of this experiment: %1</source>
        <translation>运行数据库漏记了本次实验的一部分：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Recorded as experiment %1 in %2 (`epochscope-cli whatif show %1`)</source>
        <translation>已记录为 %2 中的实验 %1（`epochscope-cli whatif show %1`）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the baseline run failed, so there is nothing to compare against: %1</source>
        <translation>基线运行失败，没有可比较的对象：%1</translation>
    </message>
    <message>
        <location filename="../cli/whatifcommand.cpp" line="-51"/>
        <source>%1 varies a Python script&apos;s run: give the script&apos;s command after -- (whatif --vary %1 -- python3 train.py) instead of a config</source>
        <translation>%1 改变的是 Python 脚本的运行：请在 -- 之后给出脚本的命令（whatif --vary %1 -- python3 train.py），而不是配置</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>run %1 has no finding with a config fix to measure (`epochscope-cli diagnose %1` lists them); give --vary or --patch</source>
        <translation>运行 %1 没有带配置修复、可供测量的诊断结果（`epochscope-cli diagnose %1` 会列出诊断结果）；请给出 --vary 或 --patch</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>No experiments in %1; `epochscope-cli whatif --preset quick-demo --vary threads=1,2` runs one.</source>
        <translation>%1 中没有实验；`epochscope-cli whatif --preset quick-demo --vary threads=1,2` 可运行一个。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1  %2  %3 runs  %4</source>
        <translation>%1  %2  %3 次运行  %4</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>no experiment %1 in %2; `epochscope-cli whatif list` shows the ids</source>
        <translation>%2 中没有实验 %1；`epochscope-cli whatif list` 会列出各实验的 ID</translation>
    </message>
</context>
<context>
    <name>WriteTarget</name>
    <message>
        <location filename="../engine/io/writetarget.cpp" line="+59"/>
        <source>%1 exists and EpochScope did not write it (%2); a run replaces or extends such a file only when you allow it (train --allow-overwrite, or answer the app&apos;s question); otherwise choose another file name</source>
        <translation>%1 已存在且不是 EpochScope 写的（%2）；只有在你允许时（train --allow-overwrite，或在应用的提问中确认），运行才会替换或追加写入这样的文件；否则请换一个文件名</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>it is a symbolic link, and EpochScope writes files</source>
        <translation>它是符号链接，而 EpochScope 只写文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+13"/>
        <source>it is not a regular file (a FIFO, socket or device)</source>
        <translation>它不是普通文件（FIFO、套接字或设备）</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>it cannot be read to tell: %1</source>
        <translation>无法读取它以作判断：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>it is not an epoch log written with the separator &quot;%1&quot;</source>
        <translation>它不是用分隔符 &quot;%1&quot; 写的轮次日志</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>it is not a LibTorch checkpoint or backup</source>
        <translation>它不是 LibTorch 检查点或备份</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>%1 is outside the run&apos;s folders (it leads to %2): a config may come from someone else, so a run writes only under %3 unless you allow more (train --allow-outside-writes, or answer the app&apos;s question)</source>
        <translation>%1 在运行的文件夹之外（它指向 %2）：配置可能来自他人，因此除非你允许（train --allow-outside-writes，或在应用的提问中确认），运行只写在 %3 之下</translation>
    </message>
</context>
</TS>
