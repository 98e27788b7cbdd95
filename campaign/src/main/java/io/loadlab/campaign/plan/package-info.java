/**
 * A campaign's plan (matrix, machines, duration; {@code campaign plan}) and its estimates from
 * measured run and configuration times.
 */
package io.loadlab.campaign.plan;
