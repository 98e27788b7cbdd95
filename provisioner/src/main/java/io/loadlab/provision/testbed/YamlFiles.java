package io.loadlab.provision.testbed;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.loadlab.core.failure.UsageException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * Reads YAML files (testbeds, labs) into records. Field names are kebab-case ({@code key-file});
 * unknown fields and wrong types are errors that name the file, the field and the fix.
 */
public final class YamlFiles {
  private static final ObjectMapper MAPPER =
      new ObjectMapper(new YAMLFactory())
          .setPropertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

  private YamlFiles() {}

  /** Reads {@code file} as a {@code type}; throws a {@link UsageException} on any problem. */
  public static <T> T read(Path file, Class<T> type) {
    String text;
    try {
      text = Files.readString(file);
    } catch (NoSuchFileException e) {
      throw new UsageException(file + ": no such file; give the path of a YAML file");
    } catch (IOException e) {
      throw new UsageException(file + ": cannot read (" + e.getMessage() + ")");
    }
    try {
      T value = MAPPER.readValue(text, type);
      if (value == null) {
        throw new UsageException(file + ": the file is empty; see docs/provisioner.md");
      }
      return value;
    } catch (UnrecognizedPropertyException e) {
      String known =
          e.getKnownPropertyIds().stream().map(Object::toString).collect(Collectors.joining(", "));
      throw new UsageException(file + ": " + path(e) + ": unknown field; use one of: " + known);
    } catch (JsonMappingException e) {
      throw new UsageException(
          file + ": " + path(e) + ": " + firstLine(e.getOriginalMessage()) + "; fix the value");
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

  private static String path(JsonMappingException e) {
    StringBuilder sb = new StringBuilder();
    for (JsonMappingException.Reference ref : e.getPath()) {
      if (ref.getFieldName() != null) {
        if (sb.length() > 0) {
          sb.append('.');
        }
        sb.append(ref.getFieldName());
      } else if (ref.getIndex() >= 0) {
        sb.append('[').append(ref.getIndex()).append(']');
      }
    }
    return sb.length() == 0 ? "(top level)" : sb.toString();
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "invalid value";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }
}
