package io.loadlab.cli.live;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Prometheus text exposition as tests read it: one sample per line, its name, labels and value. */
record Exposition(String text, List<Sample> samples) {
  private static final Pattern LINE =
      Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})?\\s+(\\S+)");
  private static final Pattern LABEL =
      Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  /** One sample. */
  record Sample(String name, Map<String, String> labels, double value) {}

  /** Reads the endpoint's text format. */
  static Exposition scrape(String url) throws IOException, InterruptedException {
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build(),
            HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IOException(url + " answered " + r.statusCode());
    }
    return parse(r.body());
  }

  static Exposition parse(String text) {
    List<Sample> samples = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        throw new IllegalArgumentException("not a sample line: " + line);
      }
      Map<String, String> labels = new LinkedHashMap<>();
      if (m.group(2) != null) {
        Matcher l = LABEL.matcher(m.group(2));
        while (l.find()) {
          labels.put(l.group(1), l.group(2));
        }
      }
      samples.add(new Sample(m.group(1), labels, Double.parseDouble(m.group(3))));
    }
    return new Exposition(text, samples);
  }

  /** The value of the one sample named {@code name} whose labels include {@code labels}. */
  Double value(String name, String... labels) {
    Double found = null;
    for (Sample s : samples) {
      if (!s.name().equals(name)) {
        continue;
      }
      boolean all = true;
      for (int i = 0; i + 1 < labels.length; i += 2) {
        all &= labels[i + 1].equals(s.labels().get(labels[i]));
      }
      if (all) {
        if (found != null) {
          throw new IllegalStateException("more than one " + name + " " + List.of(labels));
        }
        found = s.value();
      }
    }
    return found;
  }
}
