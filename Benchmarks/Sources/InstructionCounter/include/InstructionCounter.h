#ifndef INSTRUCTION_COUNTER_H
#define INSTRUCTION_COUNTER_H

/// Switches callgrind's event collection on or off (a no-op outside valgrind). streams-bench
/// starts callgrind with collection off and toggles it around the measured part of a run.
void instruction_counter_toggle(void);

/// Switches callgrind's instrumentation on (a no-op outside valgrind). streams-bench starts
/// callgrind with instrumentation off (`--instr-atstart=no`), so that the process's start, which
/// is most of a short run's time under valgrind, runs uninstrumented; the child switches it on
/// once its workloads are built, before their warm-up runs.
void instruction_counter_start(void);

/// Whether the process runs under valgrind.
int instruction_counter_is_active(void);

#endif
