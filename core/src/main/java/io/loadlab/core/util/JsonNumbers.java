package io.loadlab.core.util;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import io.loadlab.core.failure.UsageException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Numbers in JSON files users give (results, JMH output, testbeds, campaign manifests) that no
 * figure can hold: a whole number beyond a long, a decimal beyond a double ({@code 1e999}), a
 * number of more digits than the parser takes. Jackson calls some of them "not JSON" and reads
 * others as infinity; this names the field instead.
 */
public final class JsonNumbers {
  private static final JsonFactory FACTORY = new JsonFactory();

  private JsonNumbers() {}

  /**
   * Reads {@code json} token by token and refuses the first number out of range, naming its field
   * and place. Text that is not JSON is left to the caller's reader, which says where.
   *
   * @param source what the text came from, such as the file name, for the message
   * @param fix what to do, for the message, e.g. "give the file JMH wrote"
   * @throws UsageException naming the source, the field and the fix
   */
  public static void check(String source, String json, String fix) {
    JsonParser p;
    try {
      p = FACTORY.createParser(json);
    } catch (IOException e) {
      return;
    }
    try (p) {
      JsonToken t;
      while ((t = p.nextToken()) != null) {
        boolean tooLarge =
            (t == JsonToken.VALUE_NUMBER_INT
                    && p.getNumberType() == JsonParser.NumberType.BIG_INTEGER)
                || (t == JsonToken.VALUE_NUMBER_FLOAT && Double.isInfinite(p.getDoubleValue()));
        if (tooLarge) {
          throw new UsageException(
              source
                  + ": "
                  + field(p.getParsingContext())
                  + at(p.currentTokenLocation())
                  + ": "
                  + Texts.cut(p.getText())
                  + " is out of range; "
                  + fix);
        }
      }
    } catch (StreamConstraintsException e) {
      throw new UsageException(
          source
              + ": "
              + field(p.getParsingContext())
              + at(p.currentLocation())
              + ": a number of more digits than any figure takes; "
              + fix);
    } catch (IOException e) {
      // not JSON: the caller's reader says where
    }
  }

  /**
   * One line for a Jackson error: a number out of range at its field, a value of the wrong kind at
   * its field, or "not JSON at line L, column C".
   */
  public static String describe(JsonProcessingException e) {
    Throwable cause = e.getCause();
    boolean range =
        e instanceof InputCoercionException
            || e instanceof StreamConstraintsException
            || cause instanceof InputCoercionException
            || cause instanceof StreamConstraintsException;
    if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
      return path(m)
          + at(e.getLocation())
          + (range ? ": the number is out of range" : ": a value of another kind is expected");
    }
    if (range) {
      return "a number" + at(e.getLocation()) + " is out of range";
    }
    JsonLocation l = e.getLocation();
    return l == null || l.getLineNr() < 1
        ? "not JSON"
        : "not JSON at line " + l.getLineNr() + ", column " + l.getColumnNr();
  }

  private static String at(JsonLocation l) {
    return l == null || l.getLineNr() < 1
        ? ""
        : " (line " + l.getLineNr() + ", column " + l.getColumnNr() + ")";
  }

  /** A field as people read it: {@code totals.count}, {@code [0].primaryMetric.score}. */
  private static String field(JsonStreamContext context) {
    Deque<String> parts = new ArrayDeque<>();
    for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
      if (c.inArray()) {
        parts.push("[" + Math.max(0, c.getCurrentIndex()) + "]");
      } else if (c.getCurrentName() != null) {
        parts.push(c.getCurrentName());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String part : parts) {
      if (sb.length() > 0 && !part.startsWith("[")) {
        sb.append('.');
      }
      sb.append(part);
    }
    return sb.length() == 0 ? "(top level)" : Texts.cut(sb.toString());
  }

  private static String path(JsonMappingException e) {
    return Texts.cut(fieldPath(e));
  }

  /**
   * Where in a JSON or YAML document a mapping error is, as {@code runs[3].totals.count}; empty at
   * the top level.
   */
  public static String fieldPath(JsonMappingException e) {
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
    return sb.toString();
  }
}
