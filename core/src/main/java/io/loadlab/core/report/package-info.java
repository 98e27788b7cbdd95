/**
 * Reports people look at: one self-contained {@code report.html} per run, comparison and campaign
 * (charts drawn by Apache ECharts, inlined from its webjar), and the static SVG charts of the
 * Markdown summaries (JFreeChart with JFreeSVG), both from one chart description ({@link
 * io.loadlab.core.report.Chart}).
 */
package io.loadlab.core.report;
