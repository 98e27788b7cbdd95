/** Exporters: console, JSON, CSV, JMeter JTL, HdrHistogram log and Markdown with a chart. */
package io.loadlab.core.export;
