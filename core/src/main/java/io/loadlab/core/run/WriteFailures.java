package io.loadlab.core.run;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/** Words a failed result-file write as one line for users: the file and why, no class names. */
final class WriteFailures {
  private WriteFailures() {}

  static String describe(String file, Exception e) {
    return "cannot write " + file + ": " + reason(e);
  }

  private static String reason(Exception e) {
    Throwable t = e;
    while (t.getCause() instanceof IOException && t.getCause() != t) {
      t = t.getCause();
    }
    if (t instanceof NoSuchFileException n) {
      return n.getReason() != null ? n.getReason() : "its directory was removed";
    }
    if (t instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    String message = t.getMessage();
    return message == null || message.isBlank() ? "write failed" : message;
  }
}
