/**
 * The campaign file's format: its model (campaign, configurations, steps, sweeps, iterations, the
 * report's tables, the matrix of cells), its variables, and the problems found in it, each one line
 * naming the field and the fix. It only holds and parses the format; the checks of a whole file
 * live above it ({@code io.loadlab.campaign.check}).
 */
package io.loadlab.campaign.file;
