/**
 * The command line's live outputs of a run: the options that ask for them ({@code --metrics-port},
 * {@code --influx}, ...) and their opening before the run starts.
 */
package io.loadlab.cli.live;
