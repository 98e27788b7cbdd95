package io.loadlab.golden;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A result.json with its timings aside: every key path in its order, and every value that is not
 * measured (settings, status, units, operation and figure names, workload, command words, provider
 * names), with measured numbers as {@code <n>} and what belongs to the machine or the moment as a
 * token. Key order is kept as written: an operation's {@code parameters} come in the order its
 * driver sets them, and the totals in the order of the operations the workload's descriptor lists
 * (then any other in the order it first completed). Rules:
 *
 * <ul>
 *   <li>numbers are kept in {@code configuration} and an operation's {@code parameters} (settings),
 *       except ports and the interface's MTU ({@code <port>}, {@code <mtu>}), the machine's;
 *       everywhere else they are measured: {@code <n>};
 *   <li>{@code environment} values are the machine's: {@code <env>}; {@code toolVersion} is {@code
 *       <version>}; texts go through {@link Masks} (times, paths, ports, random queue names);
 *   <li>{@code intervals} (as many as the run's timing gave, each with the operations that happened
 *       to count in it) become one per phase, with every key any of its intervals had, and their
 *       operations one {@code <operation>} with every key any of them had (the operations' names
 *       are held in {@code totals}); an interval that counted no operation (on a busy machine one
 *       may pass before the first, with no phase) is left out; other lists of objects keep each
 *       distinct element once;
 *   <li>the numbers in a problem's or warning's {@code message} (and a {@code statusReason}) are
 *       measured: {@code <n>}; {@code ds2 run}'s {@code purchase rollback} is left out of its
 *       {@code totals}, as it is there only when a short run happened to meet too little stock;
 *   <li>a warning that the load generator was saturated says how busy the machine was, not what the
 *       command does, and a short ds2 run's problem that its title searches found nothing is
 *       reported only past a number of searches: they are left out (and {@code warnings} with them
 *       when they were the only ones).
 * </ul>
 */
final class ResultJsonShape {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** Keys whose numbers are settings, not measurements. */
  private static final Set<String> SETTINGS = Set.of("configuration", "parameters");

  /**
   * Kinds of warnings and problems a short run reports or not by how it happened to go: how busy
   * the machine was (the load generator saturated, the measured window not held, a user starved),
   * or how many searches a short ds2 run made (none of them finding a product is reported only past
   * a number of them).
   */
  private static final Set<String> CHANCE_KINDS =
      Set.of("generator-saturated", "window-not-held", "user-starved", "searches found nothing");

  /**
   * Operations a run lists only when they happened ({@code ds2 run}'s purchase rollback: too little
   * stock, which a short run may or may not meet): left out of the totals.
   */
  private static final Set<String> OPERATIONS_WHEN_THEY_HAPPEN = Set.of("purchase rollback");

  /** Texts that say what was measured: their numbers are measurements. */
  private static final Set<String> MEASURED_TEXTS = Set.of("message", "statusReason");

  private final Masks masks;

  ResultJsonShape(Masks masks) {
    this.masks = masks;
  }

  /** The normalised form of the result.json at {@code file}, indented. */
  String of(Path file) throws IOException {
    JsonNode root = JSON.readTree(file.toFile());
    return JSON.writeValueAsString(normalise(root, "", false)) + "\n";
  }

  private JsonNode normalise(JsonNode node, String key, boolean settings) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    if (node.isObject()) {
      ObjectNode out = f.objectNode();
      Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> e = fields.next();
        String name = masks.apply(e.getKey());
        JsonNode value = e.getValue();
        if (key.isEmpty() && name.equals("environment")) {
          out.set(name, tokens(value, "<env>"));
        } else if (key.isEmpty() && name.equals("toolVersion")) {
          out.set(name, TextNode.valueOf("<version>"));
        } else if ((name.equals("warnings") || name.equals("problems")) && value.isArray()) {
          ArrayNode kept = f.arrayNode();
          value.forEach(
              w -> {
                if (!CHANCE_KINDS.contains(w.path("kind").asText())) {
                  kept.add(normalise(w, name, settings));
                }
              });
          // problems is always there (empty when there were none); warnings only when some were
          if (!kept.isEmpty() || name.equals("problems")) {
            out.set(name, kept);
          }
        } else if (key.isEmpty()
            && name.equals("statusReason")
            && value.asText().startsWith("user starved")) {
          continue; // an ok run's reason when a user was starved: how busy the machine was
        } else if (key.equals("totals") && OPERATIONS_WHEN_THEY_HAPPEN.contains(name)) {
          continue;
        } else {
          out.set(name, normalise(value, name, settings || SETTINGS.contains(name)));
        }
      }
      return out;
    }
    if (node.isArray()) {
      List<JsonNode> items = new ArrayList<>();
      node.forEach(n -> items.add(normalise(n, key, settings)));
      boolean objects = items.stream().allMatch(JsonNode::isObject) && !items.isEmpty();
      ArrayNode out = f.arrayNode();
      if (objects && key.equals("intervals")) {
        Map<String, ObjectNode> phases = new LinkedHashMap<>();
        for (JsonNode n : items) {
          if (!n.path("operations").isEmpty()) {
            ObjectNode shape = (ObjectNode) n.deepCopy();
            ObjectNode any = f.objectNode();
            n.path("operations").forEach(op -> union(any, op));
            shape.set("operations", f.objectNode().set("<operation>", any));
            union(phases.computeIfAbsent(n.path("phase").asText(), k -> shape), shape);
          }
        }
        phases.values().forEach(out::add);
      } else if (objects) {
        new LinkedHashSet<>(items).forEach(out::add);
      } else {
        items.forEach(out::add);
      }
      return out;
    }
    if (node.isNumber()) {
      if (key.equals("port") || key.equals("mtu")) {
        return TextNode.valueOf("<" + key + ">");
      }
      return settings ? node : TextNode.valueOf("<n>");
    }
    if (node.isTextual() && MEASURED_TEXTS.contains(key) && !settings) {
      return TextNode.valueOf(masks.apply(node.asText()).replaceAll("\\b\\d+(\\.\\d+)?\\b", "<n>"));
    }
    if (node.isTextual()) {
      return TextNode.valueOf(masks.apply(node.asText()));
    }
    return node;
  }

  /** Adds to {@code into} the keys of {@code from} it lacks, at any depth, in their order. */
  private static void union(ObjectNode into, JsonNode from) {
    from.fields()
        .forEachRemaining(
            e -> {
              JsonNode mine = into.get(e.getKey());
              if (mine == null) {
                into.set(e.getKey(), e.getValue().deepCopy());
              } else if (mine.isObject() && e.getValue().isObject()) {
                union((ObjectNode) mine, e.getValue());
              }
            });
  }

  /** The same keys, each value (at any depth) the token. */
  private static JsonNode tokens(JsonNode node, String token) {
    if (node.isObject()) {
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      node.fields().forEachRemaining(e -> out.set(e.getKey(), tokens(e.getValue(), token)));
      return out;
    }
    return TextNode.valueOf(token);
  }
}
