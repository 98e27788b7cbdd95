package io.loadlab.cli;

import java.io.PrintStream;

/**
 * What a command needs from its surroundings: where to print, whether to show stack traces, and the
 * command line as typed (with secrets masked) for recording with results.
 */
public record CliContext(PrintStream out, PrintStream err, boolean debug, String commandLine) {}
