package io.loadlab.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.cli.Option;
import org.junit.jupiter.api.Test;

/** docs/configuration.md and the commands' --help agree: every option is in both. */
class ConfigurationDocsTest {
  private static final Pattern DOC_OPTION = Pattern.compile("`--([a-z0-9][a-z0-9-]*)");

  private static String commandLineDocs() throws Exception {
    Path docs = Path.of(System.getProperty("user.dir")).resolve("../docs/configuration.md");
    if (!Files.exists(docs)) {
      docs = Path.of("docs/configuration.md");
    }
    String text = Files.readString(docs);
    int jmeter = text.indexOf("\n## JMeter plugin");
    return jmeter < 0 ? text : text.substring(0, jmeter);
  }

  @Test
  void everyOptionInHelpIsDocumented() throws Exception {
    String docs = commandLineDocs();
    List<String> missing = new ArrayList<>();
    for (Command c : Commands.all()) {
      for (Option o : Help.optionsOf(c).getOptions()) {
        if (!docs.contains("`--" + o.getLongOpt())) {
          missing.add(String.join(" ", c.path()) + " --" + o.getLongOpt());
        }
      }
    }
    assertTrue(missing.isEmpty(), "options missing from docs/configuration.md: " + missing);
  }

  @Test
  void everyDocumentedOptionExists() throws Exception {
    Set<String> known = new TreeSet<>();
    for (Command c : Commands.all()) {
      for (Option o : Help.optionsOf(c).getOptions()) {
        known.add(o.getLongOpt());
      }
    }
    Set<String> unknown = new TreeSet<>();
    Matcher m = DOC_OPTION.matcher(commandLineDocs());
    while (m.find()) {
      if (!known.contains(m.group(1))) {
        unknown.add("--" + m.group(1));
      }
    }
    assertTrue(unknown.isEmpty(), "documented but no command has them: " + unknown);
  }
}
