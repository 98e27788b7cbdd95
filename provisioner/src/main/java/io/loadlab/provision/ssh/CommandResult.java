package io.loadlab.provision.ssh;

/**
 * What a remote command did.
 *
 * @param command the command as sent
 * @param exitStatus its exit status
 * @param stdout standard output
 * @param stderr standard error
 */
public record CommandResult(String command, int exitStatus, String stdout, String stderr) {
  public boolean ok() {
    return exitStatus == 0;
  }

  /** The first line of stderr (or stdout), for one-line error messages. */
  public String firstErrorLine() {
    String text = stderr.isBlank() ? stdout : stderr;
    String trimmed = text.strip();
    int nl = trimmed.indexOf('\n');
    return nl < 0 ? trimmed : trimmed.substring(0, nl);
  }
}
