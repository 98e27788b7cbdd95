package io.loadlab.core.ds2.workload;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.record.OperationRecorder;

/** One target during a run: its counters (replaced at the end of the warmup) and its order op. */
final class Ds2TargetState {
  final DatabaseTarget target;
  final String name;
  final OperationRecorder orderOp;
  volatile Ds2Counters counters = new Ds2Counters();
  volatile Ds2Counters sinceStart = new Ds2Counters();

  Ds2TargetState(DatabaseTarget target, String name, OperationRecorder orderOp) {
    this.target = target;
    this.name = name;
    this.orderOp = orderOp;
  }
}
