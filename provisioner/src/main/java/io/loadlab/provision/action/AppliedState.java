package io.loadlab.provision.action;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.loadlab.core.failure.UsageException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The changes {@code apply} made, kept in a JSON file next to the testbed so that {@code teardown}
 * can undo exactly those (and restore previous values), even in a later process.
 */
public final class AppliedState {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final Path file;
  private final List<Undo> undos;

  private AppliedState(Path file, List<Undo> undos) {
    this.file = file;
    this.undos = undos;
  }

  /** Loads the state file, or an empty state if there is none. */
  public static AppliedState load(Path file) {
    if (!Files.exists(file)) {
      return new AppliedState(file, new ArrayList<>());
    }
    try {
      return new AppliedState(
          file, new ArrayList<>(JSON.readValue(file.toFile(), new TypeReference<List<Undo>>() {})));
    } catch (IOException e) {
      throw new UsageException(
          file + ": not a loadlab state file (" + e.getMessage() + "); remove it if it is stale");
    }
  }

  public synchronized void add(Undo undo) {
    undos.add(undo);
    save();
  }

  public synchronized void remove(Undo undo) {
    undos.remove(undo);
    save();
  }

  /** The records, newest first: the order teardown undoes them in. */
  public synchronized List<Undo> newestFirst() {
    List<Undo> list = new ArrayList<>(undos);
    java.util.Collections.reverse(list);
    return list;
  }

  public synchronized boolean isEmpty() {
    return undos.isEmpty();
  }

  private void save() {
    try {
      if (undos.isEmpty()) {
        Files.deleteIfExists(file);
      } else {
        JSON.writeValue(file.toFile(), undos);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
