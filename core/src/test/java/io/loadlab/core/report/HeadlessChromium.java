package io.loadlab.core.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's {@code chromium}, headless, for tests of the HTML reports and the live page: loads a
 * page from disk or from a URL, lets its scripts run, and returns the DOM (with the page's own
 * {@code #loadlab-check}) or a screenshot. Fails, saying why, where chromium is missing: {@code
 * .ci/run} installs it.
 */
public final class HeadlessChromium {
  private static final Pattern CHECK =
      Pattern.compile("<pre id=\"loadlab-check\"[^>]*>(.*?)</pre>", Pattern.DOTALL);

  private HeadlessChromium() {}

  /** The browser's executable: {@code $LOADLAB_CHROMIUM}, else chromium on the PATH. */
  public static Path executable() {
    String env = System.getenv("LOADLAB_CHROMIUM");
    if (env != null && !env.isBlank()) {
      return Path.of(env);
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
        Path p = Path.of(dir, name);
        if (Files.isExecutable(p)) {
          return p;
        }
      }
    }
    throw new AssertionError(
        "chromium is not installed: the HTML report tests need a real browser (apt-get install"
            + " chromium, as .ci/run does; or set LOADLAB_CHROMIUM to its path)");
  }

  /**
   * The last pages' DOMs, by path and content: a test that checks a page and then reads its DOM (or
   * the other way round) starts one browser for both, as long as the file is unchanged.
   */
  private static final Map<String, String> DOMS =
      new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
          return size() > 4;
        }
      };

  /** The page's DOM after its scripts ran. */
  public static String dumpDom(Path html) throws IOException, InterruptedException {
    String key = html.toAbsolutePath() + " " + digest(Files.readAllBytes(html));
    synchronized (DOMS) {
      String dom = DOMS.get(key);
      if (dom != null) {
        return dom;
      }
    }
    String dom = run(html.toAbsolutePath().toUri(), 3000, "--dump-dom");
    synchronized (DOMS) {
      DOMS.put(key, dom);
    }
    return dom;
  }

  /**
   * The DOM of the page at {@code url} (a live page, served while a run goes) after its scripts ran
   * for {@code budgetMs} of the browser's virtual time (timers run at once; network waits do not
   * count).
   */
  public static String dumpDom(URI url, int budgetMs) throws IOException, InterruptedException {
    return run(url, budgetMs, "--dump-dom");
  }

  private static String digest(byte[] content) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** What the page's own check wrote: charts drawn, errors, requests. */
  public static JsonNode check(Path html) throws IOException, InterruptedException {
    return checkOf(dumpDom(html));
  }

  /** What the page at {@code url} wrote into its check after {@code budgetMs} of virtual time. */
  public static JsonNode check(URI url, int budgetMs) throws IOException, InterruptedException {
    return checkOf(dumpDom(url, budgetMs));
  }

  /** What a dumped DOM's {@code #loadlab-check} holds. */
  public static JsonNode checkOf(String dom) throws IOException {
    Matcher m = CHECK.matcher(dom);
    if (!m.find() || m.group(1).isBlank()) {
      throw new AssertionError("the page wrote no #loadlab-check: " + tail(dom));
    }
    String json = m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    return new ObjectMapper().readTree(json);
  }

  /** A PNG screenshot of the page at the given window size. */
  public static void screenshot(Path html, Path png, int width, int height)
      throws IOException, InterruptedException {
    screenshot(html.toAbsolutePath().toUri(), 3000, png, width, height);
  }

  /** A PNG screenshot of the page at {@code url} after {@code budgetMs} of virtual time. */
  public static void screenshot(URI url, int budgetMs, Path png, int width, int height)
      throws IOException, InterruptedException {
    Files.createDirectories(png.toAbsolutePath().getParent());
    Files.deleteIfExists(png);
    run(
        url,
        budgetMs,
        "--screenshot=" + png.toAbsolutePath(),
        "--window-size=" + width + "," + height);
    if (!Files.isRegularFile(png) || Files.size(png) == 0) {
      throw new AssertionError("chromium wrote no screenshot " + png);
    }
  }

  private static String run(URI page, int budgetMs, String... action)
      throws IOException, InterruptedException {
    Path profile = Files.createTempDirectory("loadlab-chromium");
    Path out = Files.createTempFile("loadlab-chromium", ".out");
    Path err = Files.createTempFile("loadlab-chromium", ".err");
    try {
      List<String> cmd =
          new ArrayList<>(
              List.of(
                  executable().toString(),
                  "--headless",
                  "--no-sandbox",
                  "--disable-gpu",
                  "--disable-quic",
                  "--no-first-run",
                  "--disable-background-networking",
                  "--disable-component-update",
                  "--disable-sync",
                  "--disable-dev-shm-usage",
                  "--hide-scrollbars",
                  "--user-data-dir=" + profile,
                  "--virtual-time-budget=" + budgetMs));
      cmd.addAll(List.of(action));
      cmd.add(page.toString());
      Process p =
          new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      if (!p.waitFor(90, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("chromium did not finish within 90 s: " + cmd);
      }
      String text = Files.readString(out, StandardCharsets.UTF_8);
      if (p.exitValue() != 0) {
        throw new AssertionError(
            "chromium exited " + p.exitValue() + ": " + tail(Files.readString(err)));
      }
      return text;
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
      deleteTree(profile);
    }
  }

  private static String tail(String s) {
    return s.length() <= 2000 ? s : s.substring(s.length() - 2000);
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var walk = Files.walk(dir)) {
      walk.sorted(java.util.Comparator.reverseOrder())
          .forEach(
              p -> {
                try {
                  Files.deleteIfExists(p);
                } catch (IOException e) {
                  // a browser's leftover lock file: the temp directory is cleared anyway
                }
              });
    }
  }

  /** Asserts the page drew every chart with data, logged no error and requested nothing. */
  public static JsonNode assertDrawn(Path html, int expectedCharts)
      throws IOException, InterruptedException {
    JsonNode check = check(html);
    if (check.get("errors").size() > 0) {
      throw new AssertionError("errors in the page: " + check.get("errors"));
    }
    if (check.get("requests").size() > 0) {
      throw new AssertionError("the page made network requests: " + check.get("requests"));
    }
    if (check.get("charts").asInt() != expectedCharts
        || check.get("drawn").size() != expectedCharts) {
      throw new AssertionError(expectedCharts + " charts expected: " + check);
    }
    for (JsonNode c : check.get("drawn")) {
      if (c.get("points").asInt() == 0 || c.get("pixels").asInt() == 0) {
        throw new AssertionError("chart " + c.get("id") + " drew no data: " + check);
      }
    }
    return check;
  }
}
