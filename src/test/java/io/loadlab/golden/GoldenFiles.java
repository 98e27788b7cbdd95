package io.loadlab.golden;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The stored outputs under {@code src/test/resources/golden/}: today's output is held to them, or,
 * with {@code -Dloadlab.golden.update=true}, written over them (and where is printed). A mismatch
 * fails naming the file, with the first differing lines as a unified diff.
 */
final class GoldenFiles {
  /** The property that rewrites the stored files instead of comparing. */
  static final String UPDATE = "loadlab.golden.update";

  /** The most differing lines a failure shows. */
  private static final int SHOWN = 40;

  private GoldenFiles() {}

  /** The golden directory in the source tree (the test runs in {@code dist/}). */
  static Path dir() {
    return Path.of(System.getProperty("user.dir"))
        .resolveSibling("src/test/resources/golden")
        .toAbsolutePath()
        .normalize();
  }

  /** A stored input of the report tables, by its path under {@code golden/inputs/}. */
  static Path input(String name) {
    return dir().resolve("inputs").resolve(name);
  }

  /** Holds {@code actual} to the stored file {@code name}, or rewrites it when updating. */
  static void check(String name, String actual) throws IOException {
    Path file = dir().resolve(name);
    if (Boolean.getBoolean(UPDATE)) {
      Files.createDirectories(file.getParent());
      Files.writeString(file, actual, StandardCharsets.UTF_8);
      System.out.println("golden: wrote " + file);
      return;
    }
    if (!Files.isRegularFile(file)) {
      fail(file + " does not exist; run with -D" + UPDATE + "=true to write it");
    }
    String expected = Files.readString(file, StandardCharsets.UTF_8);
    if (!expected.equals(actual)) {
      fail(
          "the output differs from "
              + file
              + " (--- stored, +++ today; -D"
              + UPDATE
              + "=true rewrites it if the change is meant):\n"
              + diff(expected, actual));
    }
  }

  /**
   * A unified-style diff of two texts, by lines: hunks with {@code -} for lines only in {@code a},
   * {@code +} for lines only in {@code b}, at most {@value #SHOWN} changed lines.
   */
  static String diff(String a, String b) {
    List<String> x = a.lines().toList();
    List<String> y = b.lines().toList();
    int start = 0;
    while (start < x.size() && start < y.size() && x.get(start).equals(y.get(start))) {
      start++;
    }
    int endX = x.size();
    int endY = y.size();
    while (endX > start && endY > start && x.get(endX - 1).equals(y.get(endY - 1))) {
      endX--;
      endY--;
    }
    List<String> middleX = x.subList(start, endX);
    List<String> middleY = y.subList(start, endY);
    List<String> edits = lcsEdits(middleX, middleY);
    StringBuilder sb = new StringBuilder();
    sb.append("@@ -").append(start + 1).append(" +").append(start + 1).append(" @@\n");
    for (int i = Math.max(0, start - 3); i < start; i++) {
      sb.append(' ').append(x.get(i)).append('\n');
    }
    int changed = 0;
    for (String e : edits) {
      if (e.charAt(0) != ' ') {
        changed++;
      }
      if (changed > SHOWN) {
        sb.append("... (more differences)\n");
        break;
      }
      sb.append(e).append('\n');
    }
    if (changed <= SHOWN) {
      for (int i = endX; i < Math.min(x.size(), endX + 3); i++) {
        sb.append(' ').append(x.get(i)).append('\n');
      }
    }
    if (a.endsWith("\n") != b.endsWith("\n")) {
      sb.append("(the texts differ in their last line's end)\n");
    }
    return sb.toString();
  }

  /** The lines of two texts as kept, removed and added lines, by their longest common part. */
  private static List<String> lcsEdits(List<String> x, List<String> y) {
    int n = x.size();
    int m = y.size();
    if ((long) n * m > 4_000_000L) {
      // Too long to align: all of one, then all of the other.
      List<String> all = new ArrayList<>();
      x.forEach(l -> all.add("-" + l));
      y.forEach(l -> all.add("+" + l));
      return all;
    }
    int[][] common = new int[n + 1][m + 1];
    for (int i = n - 1; i >= 0; i--) {
      for (int j = m - 1; j >= 0; j--) {
        common[i][j] =
            x.get(i).equals(y.get(j))
                ? common[i + 1][j + 1] + 1
                : Math.max(common[i + 1][j], common[i][j + 1]);
      }
    }
    List<String> edits = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && x.get(i).equals(y.get(j))) {
        edits.add(" " + x.get(i));
        i++;
        j++;
      } else if (i < n && (j == m || common[i + 1][j] >= common[i][j + 1])) {
        edits.add("-" + x.get(i));
        i++;
      } else {
        edits.add("+" + y.get(j));
        j++;
      }
    }
    return edits;
  }
}
