/** A campaign's reports: report.md (Markdown tables), report.html (ECharts) and junit.xml. */
package io.loadlab.campaign.report;
