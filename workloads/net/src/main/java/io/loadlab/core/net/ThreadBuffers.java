package io.loadlab.core.net;

import java.nio.ByteBuffer;

/**
 * A thread's direct I/O buffers: small at first and grown, up to {@link #MAX}, when a message needs
 * more, so that thousands of users with small transactions cost little memory while bulk transfers
 * still move 256 KB per system call. Nothing is allocated once they have grown.
 */
final class ThreadBuffers {
  /** The size buffers start at. */
  static final int MIN = 16 * 1024;

  /** The size buffers grow to at most. */
  static final int MAX = 256 * 1024;

  private static final ThreadLocal<ThreadBuffers> CURRENT =
      ThreadLocal.withInitial(ThreadBuffers::new);

  private ByteBuffer in = ByteBuffer.allocateDirect(MIN);
  private ByteBuffer out = ByteBuffer.allocateDirect(MIN);

  /** The calling thread's buffers. */
  static ThreadBuffers current() {
    return CURRENT.get();
  }

  /** The input buffer, at least {@code wanted} bytes or {@link #MAX}; its content is not kept. */
  ByteBuffer in(long wanted) {
    if (wanted > in.capacity() && in.capacity() < MAX) {
      in = ByteBuffer.allocateDirect(sizeFor(wanted));
    }
    return in;
  }

  /**
   * The input buffer grown for {@code wanted} bytes, keeping the unread bytes of {@code current}
   * (which must be this thread's input buffer, in read mode). Returns it in read mode.
   */
  ByteBuffer growIn(ByteBuffer current, long wanted) {
    if (wanted <= current.capacity() || current.capacity() >= MAX) {
      return current;
    }
    ByteBuffer bigger = ByteBuffer.allocateDirect(sizeFor(wanted));
    bigger.put(current).flip();
    in = bigger;
    return bigger;
  }

  /** The output buffer, at least {@code wanted} bytes or {@link #MAX}; its content is not kept. */
  ByteBuffer out(long wanted) {
    if (wanted > out.capacity() && out.capacity() < MAX) {
      out = ByteBuffer.allocateDirect(sizeFor(wanted));
    }
    return out;
  }

  static int sizeFor(long wanted) {
    if (wanted >= MAX) {
      return MAX;
    }
    return Math.max(MIN, Integer.highestOneBit((int) wanted - 1) << 1);
  }
}
