package io.loadlab.core.net;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.Optional;

/**
 * The C library's {@code recv}, {@code send} and {@code shutdown} on Linux, called through the
 * Foreign Function &amp; Memory API of Java 22+ ({@code java.lang.foreign}). loadlab is compiled
 * for Java 17, so the API is reached by reflection once, here, and the hot path only calls the
 * resulting method handles, whose types name no Java 22 class: a JIT-compiled call is the native
 * call with the thread-state transition around it, without NIO's locks and interrupt bookkeeping.
 *
 * <p>Available when the JVM is Java 22 or newer on Linux, the jar may use native access ({@code
 * Enable-Native-Access}) and reach a channel's file descriptor ({@code Add-Exports
 * java.base/sun.nio.ch}, both in loadlab.jar's manifest); otherwise {@link #UNAVAILABLE} says why
 * and {@link SocketIo} uses NIO.
 */
final class NativeSockets {
  static final int MSG_NOSIGNAL = 0x4000;
  static final int SHUT_RDWR = 2;
  static final int EINTR = 4;
  static final int EAGAIN = 11;
  static final int EPIPE = 32;
  static final int ECONNRESET = 104;
  static final int ECONNREFUSED = 111;

  /** {@code (Object state, int fd, ByteBuffer buf, long len, int flags) long}: recv(2). */
  static final MethodHandle RECV;

  /** {@code (Object state, int fd, ByteBuffer buf, long len, int flags) long}: send(2). */
  static final MethodHandle SEND;

  /**
   * {@code (Object state, int fd, ByteBuffer buf, long len, int flags, Object addr, Object addrLen)
   * long}: recvfrom(2), the sender's address into the segment {@code addr}.
   */
  static final MethodHandle RECVFROM;

  /**
   * {@code (Object state, int fd, ByteBuffer buf, long len, int flags, Object addr, int addrLen)
   * long}: sendto(2).
   */
  static final MethodHandle SENDTO;

  /** {@code (Object state, int fd, int how) int}: shutdown(2). */
  static final MethodHandle SHUTDOWN;

  /** {@code (Object channel) int}: the file descriptor of a socket channel. */
  static final MethodHandle FD;

  /** Why the native path is not available, or null when it is. */
  static final String UNAVAILABLE;

  private static final MethodHandle NEW_STATE;
  private static final MethodHandle ALLOCATE;
  private static final MethodHandle VIEW;
  private static final MethodHandle ERRNO;

  static {
    MethodHandle recvfrom = null;
    MethodHandle sendto = null;
    MethodHandle allocate = null;
    MethodHandle view = null;
    MethodHandle recv = null;
    MethodHandle send = null;
    MethodHandle shutdown = null;
    MethodHandle fd = null;
    MethodHandle newState = null;
    MethodHandle errno = null;
    String why = null;
    try {
      if (Runtime.version().feature() < 22) {
        throw new UnsupportedOperationException("Java " + Runtime.version().feature() + " < 22");
      }
      if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")) {
        throw new UnsupportedOperationException("not Linux");
      }
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      Method getFd = Class.forName("sun.nio.ch.SelChImpl").getMethod("getFDVal");
      fd =
          MethodHandles.lookup()
              .unreflect(getFd)
              .asType(MethodType.methodType(int.class, Object.class));
      Class<?> linkerC = Class.forName("java.lang.foreign.Linker");
      Class<?> optionC = Class.forName("java.lang.foreign.Linker$Option");
      Class<?> segmentC = Class.forName("java.lang.foreign.MemorySegment");
      Class<?> layoutC = Class.forName("java.lang.foreign.MemoryLayout");
      Class<?> pathC = Class.forName("java.lang.foreign.MemoryLayout$PathElement");
      Class<?> valueC = Class.forName("java.lang.foreign.ValueLayout");
      Class<?> intLayoutC = Class.forName("java.lang.foreign.ValueLayout$OfInt");
      Class<?> descriptorC = Class.forName("java.lang.foreign.FunctionDescriptor");
      Class<?> symbolsC = Class.forName("java.lang.foreign.SymbolLookup");
      Class<?> arenaC = Class.forName("java.lang.foreign.Arena");
      Class<?> allocatorC = Class.forName("java.lang.foreign.SegmentAllocator");
      Object linker = linkerC.getMethod("nativeLinker").invoke(null);
      Object symbols = linkerC.getMethod("defaultLookup").invoke(linker);
      Object jint = valueC.getField("JAVA_INT").get(null);
      Object jlong = valueC.getField("JAVA_LONG").get(null);
      Object address = valueC.getField("ADDRESS").get(null);
      Object capture =
          optionC
              .getMethod("captureCallState", String[].class)
              .invoke(null, (Object) new String[] {"errno"});
      Object options = Array.newInstance(optionC, 1);
      Array.set(options, 0, capture);
      Method describe = descriptorC.getMethod("of", layoutC, layoutC.arrayType());
      Method find = symbolsC.getMethod("find", String.class);
      Method downcall =
          linkerC.getMethod("downcallHandle", segmentC, descriptorC, options.getClass());
      // ssize_t f(int fd, void *buf, size_t len, int flags), on LP64 size_t is a long
      Object transfer = describe.invoke(null, jlong, layouts(layoutC, jint, address, jlong, jint));
      Object halt = describe.invoke(null, jint, layouts(layoutC, jint, jint));
      MethodHandle ofBuffer =
          lookup
              .findStatic(segmentC, "ofBuffer", MethodType.methodType(segmentC, Buffer.class))
              .asType(MethodType.methodType(segmentC, ByteBuffer.class));
      MethodType transferType =
          MethodType.methodType(
              long.class, Object.class, int.class, ByteBuffer.class, long.class, int.class);
      recv =
          MethodHandles.filterArguments(
                  (MethodHandle)
                      downcall.invoke(linker, symbol(find, symbols, "recv"), transfer, options),
                  2,
                  ofBuffer)
              .asType(transferType);
      send =
          MethodHandles.filterArguments(
                  (MethodHandle)
                      downcall.invoke(linker, symbol(find, symbols, "send"), transfer, options),
                  2,
                  ofBuffer)
              .asType(transferType);
      // ssize_t recvfrom(int, void *, size_t, int, struct sockaddr *, socklen_t *)
      Object from =
          describe.invoke(
              null, jlong, layouts(layoutC, jint, address, jlong, jint, address, address));
      MethodType fromType =
          MethodType.methodType(
              long.class,
              Object.class,
              int.class,
              ByteBuffer.class,
              long.class,
              int.class,
              Object.class,
              Object.class);
      recvfrom =
          MethodHandles.filterArguments(
                  (MethodHandle)
                      downcall.invoke(linker, symbol(find, symbols, "recvfrom"), from, options),
                  2,
                  ofBuffer)
              .asType(fromType);
      // ssize_t sendto(int, const void *, size_t, int, const struct sockaddr *, socklen_t)
      Object to =
          describe.invoke(null, jlong, layouts(layoutC, jint, address, jlong, jint, address, jint));
      sendto =
          MethodHandles.filterArguments(
                  (MethodHandle)
                      downcall.invoke(linker, symbol(find, symbols, "sendto"), to, options),
                  2,
                  ofBuffer)
              .asType(fromType.changeParameterType(6, int.class));
      Object autoArena = arenaC.getMethod("ofAuto").invoke(null);
      allocate =
          MethodHandles.insertArguments(
                  lookup.findVirtual(
                      allocatorC, "allocate", MethodType.methodType(segmentC, long.class)),
                  0,
                  autoArena)
              .asType(MethodType.methodType(Object.class, long.class));
      view =
          lookup
              .findVirtual(segmentC, "asByteBuffer", MethodType.methodType(ByteBuffer.class))
              .asType(MethodType.methodType(ByteBuffer.class, Object.class));
      shutdown =
          ((MethodHandle) downcall.invoke(linker, symbol(find, symbols, "shutdown"), halt, options))
              .asType(MethodType.methodType(int.class, Object.class, int.class, int.class));
      Object stateLayout = optionC.getMethod("captureStateLayout").invoke(null);
      Object errnoPath = Array.newInstance(pathC, 1);
      Array.set(errnoPath, 0, pathC.getMethod("groupElement", String.class).invoke(null, "errno"));
      long errnoOffset =
          (long)
              layoutC.getMethod("byteOffset", errnoPath.getClass()).invoke(stateLayout, errnoPath);
      Object arena = arenaC.getMethod("ofAuto").invoke(null);
      newState =
          MethodHandles.insertArguments(
                  lookup.findVirtual(
                      allocatorC, "allocate", MethodType.methodType(segmentC, layoutC)),
                  0,
                  arena,
                  stateLayout)
              .asType(MethodType.methodType(Object.class));
      errno =
          MethodHandles.insertArguments(
                  lookup.findVirtual(
                      segmentC, "get", MethodType.methodType(int.class, intLayoutC, long.class)),
                  1,
                  jint,
                  errnoOffset)
              .asType(MethodType.methodType(int.class, Object.class));
    } catch (Throwable e) {
      why = e instanceof UnsupportedOperationException ? e.getMessage() : e.toString();
      recv = send = shutdown = fd = newState = errno = recvfrom = sendto = allocate = view = null;
    }
    RECVFROM = recvfrom;
    SENDTO = sendto;
    ALLOCATE = allocate;
    VIEW = view;
    RECV = recv;
    SEND = send;
    SHUTDOWN = shutdown;
    FD = fd;
    NEW_STATE = newState;
    ERRNO = errno;
    UNAVAILABLE = why;
  }

  private NativeSockets() {}

  /** A new call-state segment that receives errno (one per connection, used by one thread). */
  static Object newState() {
    try {
      return NEW_STATE.invokeExact();
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** A native segment of {@code bytes} (zeroed, freed by the GC) and its buffer view. */
  static Object allocate(long bytes) {
    try {
      return ALLOCATE.invokeExact(bytes);
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** A buffer over the whole of a segment of {@link #allocate}, in big-endian order. */
  static ByteBuffer view(Object segment) {
    try {
      return (ByteBuffer) VIEW.invokeExact(segment);
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** The file descriptor of a socket channel. */
  static int fd(Object channel) {
    try {
      return (int) FD.invokeExact(channel);
    } catch (Throwable e) {
      throw new IllegalStateException("no file descriptor for " + channel, e);
    }
  }

  /** shutdown(2) both ways, which wakes a call blocked on {@code fd}; errors are ignored. */
  static void shutdown(int fd) {
    try {
      int ignored = (int) SHUTDOWN.invokeExact(newState(), fd, SHUT_RDWR);
    } catch (Throwable e) {
      // not connected any more: nothing blocks on it
    }
  }

  /** The errno the last call with {@code state} captured. */
  static int errno(Object state) {
    try {
      return (int) ERRNO.invokeExact(state);
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  private static Object layouts(Class<?> layoutC, Object... layouts) {
    Object array = Array.newInstance(layoutC, layouts.length);
    for (int i = 0; i < layouts.length; i++) {
      Array.set(array, i, layouts[i]);
    }
    return array;
  }

  private static Object symbol(Method find, Object symbols, String name) throws Exception {
    return ((Optional<?>) find.invoke(symbols, name))
        .orElseThrow(() -> new UnsupportedOperationException("no " + name + " in the C library"));
  }
}
