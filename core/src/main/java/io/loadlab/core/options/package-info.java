/**
 * Descriptions of command-line options ({@link io.loadlab.core.options.OptionSpec}): one per
 * option, which the command line builds its options from, campaigns check steps' {@code options:}
 * against and docs/configuration.md is held to. Here, below both, because the command line and the
 * campaign engine must share them and neither may depend on the other's internals.
 */
package io.loadlab.core.options;
