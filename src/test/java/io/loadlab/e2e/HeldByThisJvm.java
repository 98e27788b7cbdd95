package io.loadlab.e2e;

import java.util.HashSet;
import java.util.Set;

/**
 * What this JVM holds before a bad-input case: its sockets and its child processes. Both are cheap
 * to read ({@link Sockets}, {@link ChildProcesses}); the machine's TCP tables are read only for a
 * socket the case left open. A case that starts to listen does so on a socket it opens (a server
 * socket is bound and listens as it is made), so a socket held before it is not looked up.
 */
record HeldByThisJvm(Set<Long> sockets, Set<Long> children) {
  static HeldByThisJvm now() {
    return new HeldByThisJvm(
        Sockets.heldInodes(ProcessHandle.current().pid()), ChildProcesses.ofThisJvm());
  }

  /** The sockets held now and not before that listen. */
  Set<Long> listeningSince() {
    long self = ProcessHandle.current().pid();
    Set<Long> opened = Sockets.heldInodes(self);
    opened.removeAll(sockets);
    return Sockets.listening(self, opened);
  }

  /** The child processes now that were not there before. */
  Set<Long> childrenSince() {
    Set<Long> started = new HashSet<>(ChildProcesses.ofThisJvm());
    started.removeAll(children);
    return started;
  }
}
