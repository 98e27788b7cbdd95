package io.loadlab.core.ds2.load;

import io.loadlab.core.ds2.data.Ds2Chunk;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/** Runs work over chunks on a fixed number of threads, each thread with its own state. */
final class ChunkRunner {
  /** One thread's work: set up once, then handle chunks. */
  interface Worker extends AutoCloseable {
    void handle(Ds2Chunk chunk) throws Exception;

    @Override
    default void close() throws Exception {}
  }

  /** Makes a thread's worker. */
  interface WorkerFactory {
    Worker create() throws Exception;
  }

  private ChunkRunner() {}

  /** Handles every chunk, {@code threads} at a time; rethrows the first failure. */
  static void run(List<Ds2Chunk> chunks, int threads, WorkerFactory factory) throws Exception {
    AtomicInteger next = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        futures.add(
            pool.submit(
                () -> {
                  try (Worker w = factory.create()) {
                    for (int i = next.getAndIncrement();
                        i < chunks.size();
                        i = next.getAndIncrement()) {
                      w.handle(chunks.get(i));
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : futures) {
        try {
          f.get();
        } catch (ExecutionException e) {
          next.set(chunks.size());
          Throwable cause = e.getCause();
          if (cause instanceof Exception ex) {
            throw ex;
          }
          throw new IllegalStateException(cause);
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
