/**
 * A campaign step's command line, checked before anything starts: its options ({@code options:} in
 * YAML, files it reads), placements on testbed machines and criteria, against the command's own
 * (through {@link io.loadlab.campaign.StepCommands}).
 */
package io.loadlab.campaign.step;
