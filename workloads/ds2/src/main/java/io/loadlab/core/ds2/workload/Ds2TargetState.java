package io.loadlab.core.ds2.workload;

import io.loadlab.core.database.DatabaseTarget;
import io.loadlab.core.ds2.Ds2SearchTerms;
import io.loadlab.core.record.OperationRecorder;

/**
 * One target during a run: its search words, its counters (replaced at the end of the warmup) and
 * its order operation.
 */
final class Ds2TargetState {
  final DatabaseTarget target;
  final String name;
  final OperationRecorder orderOp;
  final Ds2SearchTerms terms;
  volatile Ds2Counters counters = new Ds2Counters();
  volatile Ds2Counters sinceStart = new Ds2Counters();

  Ds2TargetState(
      DatabaseTarget target, String name, OperationRecorder orderOp, Ds2SearchTerms terms) {
    this.target = target;
    this.name = name;
    this.orderOp = orderOp;
    this.terms = terms;
  }
}
