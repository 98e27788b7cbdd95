/**
 * Each interval written to InfluxDB 1.x over HTTP ({@code /write}, line protocol) in the schema of
 * JMeter's Backend Listener ({@code InfluxdbBackendListenerClient}), so Grafana dashboards built
 * for JMeter show loadlab runs unchanged.
 */
package io.loadlab.core.live.influx;
