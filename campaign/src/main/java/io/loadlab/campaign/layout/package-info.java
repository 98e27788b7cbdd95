/**
 * The tables a campaign's {@code tables:} lays out: factors, cells, their validation, their
 * Markdown; and the units of the figures a run records (which quantity a figure key is, the units a
 * report may show it in, and the conversion from the unit it is recorded in).
 */
package io.loadlab.campaign.layout;
