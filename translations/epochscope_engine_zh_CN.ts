<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AllocatorChurnRule</name>
    <message>
        <location filename="../engine/diagnosis/allocatorchurnrule.cpp" line="+58"/>
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
        <location line="+2"/>
        <source>%1 major faults (pages read from disk) in %2 of the %3 steps</source>
        <translation>发生了 %1 次主缺页（从磁盘读入的页），分布在 %3 步中的 %2 步</translation>
    </message>
    <message>
        <location line="+15"/>
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
        <location line="+2"/>
        <source>Over %1 steady steps (%2%3) the engine thread took %4; minor faults stayed at a median of %5 per step.</source>
        <translation>在 %1 个稳态步中（%2%3），引擎线程%4；次缺页的中位数保持在每步 %5 次。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A major fault waits for a page to be read from disk. In steady steps that means the machine is short of memory (pages swapped out and back) or a memory-mapped .npy data file no longer fits in the page cache; free memory for the run, or copy the data to a faster disk.</source>
        <translation>主缺页要等待从磁盘读入一页。在稳态步中出现，说明机器内存不足（页被换出又换入），或内存映射的 .npy 数据文件已放不进页缓存；请为运行腾出内存，或把数据复制到更快的磁盘。</translation>
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
        <location line="+29"/>
        <source>Save once per epoch: save_freq &quot;epoch&quot; instead of every %1 steps (%2 per epoch here). A run killed mid-epoch then resumes from the end of the last epoch.</source>
        <translation>每轮只保存一次：把 save_freq 从每 %1 步改为 &quot;epoch&quot;（这里每轮 %2）。这样在一轮中途被终止的运行会从上一轮结束处恢复。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save once per epoch: save_freq &quot;epoch&quot; instead of every %1 steps (%2 per epoch here). Checkpoints then exist only at epoch ends.</source>
        <translation>每轮只保存一次：把 save_freq 从每 %1 步改为 &quot;epoch&quot;（这里每轮 %2）。这样检查点只在每轮结束时存在。</translation>
    </message>
    <message>
        <location line="+13"/>
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
    <name>CompareCommand</name>
    <message>
        <location filename="../engine/console/comparecommand.cpp" line="+23"/>
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
    <name>DiagnoseCommand</name>
    <message>
        <location filename="../engine/console/diagnosecommand.cpp" line="+36"/>
        <source>[%1] %2: %3</source>
        <translation>[%1] %2：%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>  evidence: %1</source>
        <translation>  证据：    %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  where:    %1</source>
        <translation>  位置：    %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  fix:      %1</source>
        <translation>  修复方法：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  patch:    %1</source>
        <translation>  配置补丁：%1</translation>
    </message>
    <message>
        <location line="+36"/>
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
        <location filename="../engine/diagnosis/evidencetext.h" line="+41"/>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>steps %1-%2</source>
        <translation>第 %1-%2 步</translation>
    </message>
    <message>
        <location line="+8"/>
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
        <location filename="../engine/diagnosis/stragglersrule.cpp" line="+74"/>
        <location filename="../engine/diagnosis/warmuprule.cpp" line="+112"/>
        <source>mostly in %1</source>
        <translation>主要在%1</translation>
    </message>
    <message>
        <location line="+160"/>
        <location line="+13"/>
        <location filename="../engine/diagnosis/warmuprule.cpp" line="+179"/>
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
    <name>DoctorRule</name>
    <message>
        <location filename="../engine/env/doctorreport.cpp" line="+41"/>
        <source>%1 intra-op thread</source>
        <translation>%1 个算子内线程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 intra-op threads</source>
        <translation>%1 个算子内线程</translation>
    </message>
    <message>
        <location line="+25"/>
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
        <source>%1 physical core</source>
        <translation>%1 个物理核心</translation>
    </message>
    <message>
        <location line="+1"/>
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
        <source>%1 logical core</source>
        <translation>%1 个逻辑核心</translation>
    </message>
    <message>
        <location line="+1"/>
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
        <location line="+3"/>
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
    <name>List</name>
    <message>
        <location filename="../engine/diagnosis/stragglersrule.cpp" line="-150"/>
        <location filename="../engine/i18n/translate.cpp" line="+84"/>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <location filename="../engine/i18n/translate.cpp" line="+2"/>
        <location filename="../engine/report/reportcharts.cpp" line="+63"/>
        <source>%1, %2</source>
        <translation>%1、%2</translation>
    </message>
</context>
<context>
    <name>LowEfficiencyRule</name>
    <message>
        <location filename="../engine/diagnosis/lowefficiencyrule.cpp" line="+45"/>
        <source>The LSTM layers run unfused (LibTorch&apos;s CPU LSTM, see the unfused-lstm finding): a small matrix product and element-wise operations per time step cannot reach the SGEMM rate; backend &quot;onednn&quot; runs each layer as one fused oneDNN primitive. </source>
        <translation>LSTM 层以未融合方式运行（LibTorch 的 CPU LSTM，见“未融合的 LSTM”诊断结果）：每个时间步一次小矩阵乘法加逐元素运算，达不到 SGEMM 的速率；后端 &quot;onednn&quot; 把每层作为一个融合的 oneDNN 原语运行。</translation>
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
        <location line="+32"/>
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
    <name>Phase</name>
    <message>
        <location filename="../engine/i18n/phasename.cpp" line="+11"/>
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
        <source>Other</source>
        <translation>其他</translation>
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
</context>
<context>
    <name>Report</name>
    <message>
        <location filename="../engine/report/reporthtml.cpp" line="+160"/>
        <source>No charts: this build of EpochScope was made without cairo (EPOCHSCOPE_WITH_CAIRO=OFF). The tables hold every figure.</source>
        <translation>没有图表：此 EpochScope 构建未包含 cairo（EPOCHSCOPE_WITH_CAIRO=OFF）。各表格包含全部数值。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Written by epochscope-cli compare; docs/reports.md says what each section means.</source>
        <translation>由 epochscope-cli compare 生成；各部分的含义见 docs/reports.md。</translation>
    </message>
    <message>
        <location filename="../engine/report/reportpdf.cpp" line="+30"/>
        <source>PDF reports need cairo and pango, and this build of EpochScope was made without them (EPOCHSCOPE_WITH_CAIRO=OFF); rebuild with -DEPOCHSCOPE_WITH_CAIRO=ON (Debian: libcairo2-dev libpango1.0-dev), or write .html or .md</source>
        <translation>PDF 报告需要 cairo 和 pango，而此 EpochScope 构建未包含它们（EPOCHSCOPE_WITH_CAIRO=OFF）；请用 -DEPOCHSCOPE_WITH_CAIRO=ON 重新构建（Debian：libcairo2-dev libpango1.0-dev），或者写成 .html 或 .md</translation>
    </message>
    <message>
        <location line="+162"/>
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
        <location line="+50"/>
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
        <location line="+1"/>
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
        <location line="+1"/>
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
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+133"/>
        <source>Warm steps</source>
        <translation>稳态步数</translation>
    </message>
    <message>
        <location line="-131"/>
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
        <source>Warm steps are those after epoch 1 (after the first 10% of a one-epoch run). Training time is the sum of every step&apos;s wall time; wall time is the whole run as its summary recorded it (setup, validation and callbacks included).</source>
        <translation>稳态步是第 1 轮之后的步（只有一轮的运行则为前 10% 之后的步）。训练时间是所有步实际耗时之和；实际耗时是运行摘要记录的整个运行的时间（含准备、验证和回调）。</translation>
    </message>
    <message>
        <location line="+14"/>
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
        <location line="+8"/>
        <source>Phases</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+8"/>
        <location line="+183"/>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location line="-190"/>
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
        <location line="+10"/>
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
        <location filename="../engine/report/runcomparison.cpp" line="+302"/>
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
</context>
<context>
    <name>ReportChart</name>
    <message>
        <location filename="../engine/report/chartpainter.cpp" line="+264"/>
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
    <name>RunsCommand</name>
    <message>
        <location filename="../engine/console/runscommand.cpp" line="+31"/>
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
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location line="+29"/>
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
        <location line="+16"/>
        <source>Run %1: %2 - %3</source>
        <translation>运行 %1：%2 - %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>  started %1, ended %2</source>
        <translation>  开始于 %1，结束于 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  error: %1</source>
        <translation>  错误：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>  %1, %2 placement, batch %3, %4 intra-op threads, backend %5</source>
        <translation>  %1，数据放置 %2，批大小 %3，%4 个算子内线程，后端 %5</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>  data: %1</source>
        <translation>  数据：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>  notes: %1</source>
        <translation>  备注：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>% of training time:</source>
        <translation>占训练时间的 %：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="+1"/>
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
        <location line="+8"/>
        <source>  steady state %1 ms/step</source>
        <translation>  稳态 %1 ms/步</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, step latency p50 %1 / p95 %2 / p99 %3 ms</source>
        <translation>，步延迟 p50 %1 / p95 %2 / p99 %3 ms</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, %1 samples/s</source>
        <translation>，%1 样本/秒</translation>
    </message>
    <message>
        <location line="+13"/>
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
    <name>StoreAccess</name>
    <message>
        <location filename="../engine/console/storeaccess.cpp" line="+25"/>
        <source>no run %1 in %2; `epochscope-cli runs list` shows the ids</source>
        <translation>%2 中没有运行 %1；`epochscope-cli runs list` 会列出各运行的 ID</translation>
    </message>
</context>
<context>
    <name>StoredDiagnosis</name>
    <message>
        <location filename="../engine/diagnosis/storeddiagnosis.cpp" line="+33"/>
        <source>the run trained on another machine (%1); this machine&apos;s doctor findings and SGEMM peak would not apply</source>
        <translation>该运行是在另一台机器上训练的（%1）；本机的环境检查结果和 SGEMM 峰值对它不适用</translation>
    </message>
    <message>
        <location filename="../engine/diagnosis/efficiencypeak.cpp" line="+13"/>
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
    <name>ThreadsRule</name>
    <message>
        <location filename="../engine/diagnosis/threadsrule.cpp" line="+46"/>
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
        <source>%1 intra-op thread</source>
        <translation>%1 个算子内线程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 intra-op threads</source>
        <translation>%1 个算子内线程</translation>
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
        <location line="+19"/>
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
        <location line="+68"/>
        <source>%1 of %2 mostly idle while training ran</source>
        <translation>训练期间 %2中有 %1 个大多处于空闲</translation>
    </message>
    <message>
        <location line="+2"/>
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
    <name>TransferBoundRule</name>
    <message>
        <location filename="../engine/diagnosis/transferboundrule.cpp" line="+112"/>
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
        <location filename="../engine/diagnosis/unfusedlstmrule.cpp" line="+63"/>
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
        <source>The LSTM layers ran unfused on LibTorch&apos;s CPU backend</source>
        <translation>LSTM 层在 LibTorch 的 CPU 后端上以未融合方式运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>backend %1 (%2); %3</source>
        <translation>后端 %1（%2）；%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>LibTorch 1.13 computes a CPU LSTM as a matrix product plus separate element-wise operations at every time step, where oneDNN&apos;s fused LSTM runs a layer&apos;s whole sequence in one primitive (docs/benchmarks.md has the speed-ups measured). Set backend to &quot;onednn&quot; (the patch; &quot;auto&quot; also picks it on the CPU); the model, weights and checkpoints stay the same</source>
        <translation>LibTorch 1.13 在 CPU 上计算 LSTM 时，每个时间步都做一次矩阵乘法外加单独的逐元素运算，而 oneDNN 的融合 LSTM 用一个原语跑完一层的整个序列（实测加速比见 docs/benchmarks.md）。把 backend 设为 &quot;onednn&quot;（即配置补丁；在 CPU 上 &quot;auto&quot; 也会选它）；模型、权重和检查点都保持不变</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>LibTorch 1.13 computes a CPU LSTM as a matrix product plus separate element-wise operations at every time step, where oneDNN&apos;s fused LSTM runs a layer&apos;s whole sequence in one primitive (docs/benchmarks.md has the speed-ups measured). This build has no oneDNN: rebuild with EPOCHSCOPE_WITH_ONEDNN=ON (Debian&apos;s libdnnl-dev) to select it. Until then make sure the BLAS is a fast one (the doctor&apos;s reference-blas finding), as the unfused LSTM&apos;s matrix products go through it</source>
        <translation>LibTorch 1.13 在 CPU 上计算 LSTM 时，每个时间步都做一次矩阵乘法外加单独的逐元素运算，而 oneDNN 的融合 LSTM 用一个原语跑完一层的整个序列（实测加速比见 docs/benchmarks.md）。此构建没有 oneDNN：请用 EPOCHSCOPE_WITH_ONEDNN=ON 重新构建（Debian 的 libdnnl-dev）后再选用它。在此之前请确保使用快速的 BLAS（见环境检查的 reference-blas 结果），因为未融合 LSTM 的矩阵乘法都经过它</translation>
    </message>
    <message>
        <location line="+18"/>
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
    <name>WarmupRule</name>
    <message>
        <location filename="../engine/diagnosis/warmuprule.cpp" line="-174"/>
        <source>the median of epochs %1-%2</source>
        <translation>第 %1-%2 轮的中位数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the median of %1 later epochs</source>
        <translation>其后 %1 轮的中位数</translation>
    </message>
    <message>
        <location line="+115"/>
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
        <location line="+8"/>
        <source> Much of a first step&apos;s cost is creating kernels and their primitives: a fused LSTM backend (oneDNN on the CPU, cuDNN on CUDA) creates its primitives once and reuses them, which cuts it.</source>
        <translation>首步的开销很大一部分是创建内核及其原语：融合的 LSTM 后端（CPU 上的 oneDNN、CUDA 上的 cuDNN）只创建一次原语并重复使用，可以减少这部分开销。</translation>
    </message>
</context>
</TS>
