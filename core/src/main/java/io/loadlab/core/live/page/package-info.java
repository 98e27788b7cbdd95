/**
 * The live page: a read-only page in the reports' style, served beside {@code /metrics} by the same
 * endpoint, that polls a small JSON feed ({@code /live.json}) and fills in as a run or a campaign
 * goes: the campaign's cells, the running run's rate and latency per interval, warnings and the
 * ETA. Everything it needs is inlined (ECharts, style, script): it loads nothing from elsewhere.
 */
package io.loadlab.core.live.page;
