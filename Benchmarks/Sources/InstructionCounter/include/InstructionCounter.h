#ifndef INSTRUCTION_COUNTER_H
#define INSTRUCTION_COUNTER_H

/// Switches callgrind's event collection on or off (a no-op outside valgrind). streams-bench
/// starts callgrind with collection off and toggles it around the measured part of a run.
void instruction_counter_toggle(void);

/// Whether the process runs under valgrind.
int instruction_counter_is_active(void);

#endif
