package io.loadlab.provision.testbed;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.loadlab.core.failure.UsageException;
import io.loadlab.core.util.JsonNumbers;
import io.loadlab.core.util.NearestName;
import io.loadlab.core.util.PathChecks;
import io.loadlab.core.util.Texts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads YAML files (testbeds, labs) into records. Field names are kebab-case ({@code key-file});
 * unknown fields and wrong types are errors that name the file, the field and the fix.
 */
public final class YamlFiles {
  /** Aliases a file may expand: enough for any real file, far too few for an alias bomb. */
  static final int MAX_ALIASES = 50;

  private static final ObjectMapper MAPPER =
      new ObjectMapper(
              YAMLFactory.builder()
                  .loaderOptions(loaderOptions())
                  .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                  .build())
          .setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

  static {
    // Numbers are written as numbers: a quoted '١٠' would otherwise be read as 10 (the JDK's
    // parseInt takes any script's digits).
    for (LogicalType t : new LogicalType[] {LogicalType.Integer, LogicalType.Float}) {
      MAPPER.coercionConfigFor(t).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    }
  }

  private YamlFiles() {}

  private static LoaderOptions loaderOptions() {
    LoaderOptions options = new LoaderOptions();
    options.setMaxAliasesForCollections(MAX_ALIASES);
    options.setAllowDuplicateKeys(false);
    options.setCodePointLimit(8 << 20);
    return options;
  }

  /** Reads {@code file} as a {@code type}; throws a {@link UsageException} on any problem. */
  public static <T> T read(Path file, Class<T> type) {
    String tooLong = PathChecks.lengthProblem(file.toString());
    if (tooLong != null) {
      throw new UsageException("'" + Texts.cut(file) + "' " + tooLong);
    }
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new UsageException(
          file + ": is a directory, pipe or device, not a regular file; give a YAML file");
    }
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new UsageException(file + ": no such file; give the path of a YAML file");
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new UsageException(file + ": is not a text file; give a YAML file (UTF-8)");
    } catch (IOException e) {
      throw new UsageException(file + ": cannot be read; check that it is a readable file");
    }
    try {
      T value = MAPPER.readValue(text, type);
      if (value == null) {
        throw new UsageException(file + ": the file is empty; see docs/provisioner.md");
      }
      return value;
    } catch (UnrecognizedPropertyException e) {
      List<String> known = e.getKnownPropertyIds().stream().map(Object::toString).toList();
      String nearest = NearestName.of(e.getPropertyName(), known);
      throw new UsageException(
          file
              + ": "
              + path(e)
              + ": unknown field"
              + (nearest == null ? "" : "; did you mean '" + nearest + "'?")
              + "; the fields here are: "
              + String.join(", ", known));
    } catch (MismatchedInputException e) {
      if (e.getCause() instanceof InputCoercionException) {
        throw new UsageException(
            Texts.cut(file) + ": " + JsonNumbers.describe(e) + "; fix the value");
      }
      throw new UsageException(
          file + ": " + path(e) + ": " + expected(e.getTargetType()) + "; fix the value");
    } catch (JsonMappingException e) {
      if (e.getCause() instanceof InputCoercionException
          || e.getCause() instanceof StreamConstraintsException) {
        throw new UsageException(
            Texts.cut(file) + ": " + JsonNumbers.describe(e) + "; fix the value");
      }
      java.util.regex.Matcher duplicate = DUPLICATE.matcher(firstLine(e.getOriginalMessage()));
      if (duplicate.find()) {
        throw new UsageException(
            file
                + ": "
                + path(e)
                + ": field '"
                + duplicate.group(1)
                + "' is given twice (line "
                + (e.getLocation() == null ? "?" : e.getLocation().getLineNr())
                + "); keep one");
      }
      throw new UsageException(
          file + ": " + path(e) + ": " + firstLine(e.getOriginalMessage()) + "; fix the value");
    } catch (StreamConstraintsException | InputCoercionException e) {
      throw new UsageException(
          Texts.cut(file) + ": " + JsonNumbers.describe(e) + "; fix the value");
    } catch (StreamReadException e) {
      String message = firstLine(e.getOriginalMessage());
      java.util.regex.Matcher duplicate = DUPLICATE.matcher(message);
      if (duplicate.find()) {
        throw new UsageException(
            file
                + ": field '"
                + duplicate.group(1)
                + "' is given twice (line "
                + (e.getLocation() == null ? "?" : e.getLocation().getLineNr())
                + "); keep one");
      }
      if (message.contains("aliases")) {
        throw new UsageException(
            file + ": more than " + MAX_ALIASES + " YAML aliases; write the values out");
      }
      throw new UsageException(
          file
              + ": not valid YAML at line "
              + (e.getLocation() == null ? "?" : e.getLocation().getLineNr())
              + " ("
              + message
              + "); fix the syntax");
    } catch (JsonProcessingException e) {
      throw new UsageException(
          file
              + ": not valid YAML at line "
              + (e.getLocation() == null ? "?" : e.getLocation().getLineNr())
              + " ("
              + firstLine(e.getOriginalMessage())
              + "); fix the syntax");
    }
  }

  private static final java.util.regex.Pattern DUPLICATE =
      java.util.regex.Pattern.compile("Duplicate (?:field|key) '?\"?([^'\"\s]+)");

  /** What a field of this type takes, in words. */
  private static String expected(Class<?> type) {
    if (type == null) {
      return "a value of another kind is expected";
    }
    if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
      return "a whole number is expected";
    }
    if (type == Double.class || type == double.class) {
      return "a number is expected";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false is expected";
    }
    if (type == String.class) {
      return "a text value is expected";
    }
    if (java.util.Collection.class.isAssignableFrom(type)) {
      return "a list is expected";
    }
    return "a mapping (field: value lines) is expected";
  }

  private static String path(JsonMappingException e) {
    String p = io.loadlab.core.util.JsonNumbers.fieldPath(e);
    return p.isEmpty() ? "(top level)" : p;
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "invalid value";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }
}
