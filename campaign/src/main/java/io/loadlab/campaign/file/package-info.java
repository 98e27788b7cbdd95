/**
 * The campaign file: its model (campaign, configurations, steps, sweeps, iterations, the matrix of
 * cells), its variables and its validation, each problem one line naming the field and the fix.
 */
package io.loadlab.campaign.file;
