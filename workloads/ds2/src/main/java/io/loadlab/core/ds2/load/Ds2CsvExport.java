package io.loadlab.core.ds2.load;

import io.loadlab.core.ds2.data.CsvRows;
import io.loadlab.core.ds2.data.Ds2Chunk;
import io.loadlab.core.ds2.data.Ds2DataGenerator;
import io.loadlab.core.ds2.data.RowSink;
import io.loadlab.core.ds2.schema.Ds2Table;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Writes generated DS2 data as one CSV file per table ({@code <table>.csv}, the format {@code psql
 * \copy ... csv} reads), or just a checksum of it. Chunks are generated in parallel and written in
 * order, so the files and the checksum depend only on the size and the seed.
 */
public final class Ds2CsvExport {
  private Ds2CsvExport() {}

  /** Writes the CSV files into {@code dir} and returns their SHA-256 checksum. */
  public static String write(Ds2DataGenerator gen, Path dir, int threads) throws Exception {
    Files.createDirectories(dir);
    Map<Ds2Table, OutputStream> files = new EnumMap<>(Ds2Table.class);
    try {
      for (Ds2Table t : Ds2Table.values()) {
        if (t != Ds2Table.REORDER) {
          files.put(t, Files.newOutputStream(dir.resolve(t.sqlName() + ".csv")));
        }
      }
      return run(gen, threads, files);
    } finally {
      for (OutputStream out : files.values()) {
        out.close();
      }
    }
  }

  /** The SHA-256 checksum of the data, without writing files. */
  public static String checksum(Ds2DataGenerator gen, int threads) throws Exception {
    return run(gen, threads, Map.of());
  }

  private static String run(Ds2DataGenerator gen, int threads, Map<Ds2Table, OutputStream> files)
      throws Exception {
    MessageDigest digest = MessageDigest.getInstance("SHA-256");
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      for (List<Ds2Chunk> stage : List.of(gen.firstStage(), gen.secondStage())) {
        // A window of chunks in flight keeps memory bounded while the writer keeps chunk order.
        int window = threads * 2;
        List<Future<Map<Ds2Table, CsvRows>>> done = new ArrayList<>();
        for (int i = 0; i < Math.min(window, stage.size()); i++) {
          Ds2Chunk chunk = stage.get(i);
          done.add(pool.submit(() -> generate(gen, chunk)));
        }
        for (int i = 0; i < stage.size(); i++) {
          Future<Map<Ds2Table, CsvRows>> f = done.get(i);
          if (i + window < stage.size()) {
            Ds2Chunk chunk = stage.get(i + window);
            done.add(pool.submit(() -> generate(gen, chunk)));
          }
          for (Map.Entry<Ds2Table, CsvRows> e : f.get().entrySet()) {
            byte[] bytes = e.getValue().text().toString().getBytes(StandardCharsets.UTF_8);
            digest.update(e.getKey().sqlName().getBytes(StandardCharsets.UTF_8));
            digest.update(bytes);
            OutputStream out = files.get(e.getKey());
            if (out != null) {
              write(out, bytes);
            }
          }
          done.set(i, null);
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  private static void write(OutputStream out, byte[] bytes) throws IOException {
    out.write(bytes);
  }

  private static Map<Ds2Table, CsvRows> generate(Ds2DataGenerator gen, Ds2Chunk chunk)
      throws Exception {
    Map<Ds2Table, CsvRows> texts = new EnumMap<>(Ds2Table.class);
    Map<Ds2Table, RowSink> sinks = new EnumMap<>(Ds2Table.class);
    for (Ds2Table t : chunk.outputs()) {
      CsvRows csv = new CsvRows((int) chunk.rows() * 64);
      texts.put(t, csv);
      sinks.put(t, csv);
    }
    gen.generate(chunk, sinks);
    return texts;
  }
}
