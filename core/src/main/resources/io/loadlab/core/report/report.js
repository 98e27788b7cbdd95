// Draws the report's charts (described in #loadlab-charts) with ECharts, then writes what was
// drawn into #loadlab-check: each chart's points and the pixels painted in its series' colours.
(function () {
  var spec = JSON.parse(document.getElementById('loadlab-charts').textContent);
  var palette = spec.palette;
  var drawn = [];

  function percentile(v) {
    var p = 100 * (1 - 1 / v);
    if (p <= 0) return '0%';
    return (Math.round(p * 1e6) / 1e6) + '%';
  }

  function number(v) {
    if (v === null || v === undefined) return '–';
    var a = Math.abs(v);
    if (Number.isInteger(v) && a < 1e15) return v.toLocaleString('en');
    if (a >= 100) return Math.round(v).toLocaleString('en');
    if (a >= 10) return String(parseFloat(v.toFixed(1)));
    if (a >= 1) return String(parseFloat(v.toFixed(2)));
    return String(parseFloat(v.toPrecision(2)));
  }

  function colourOf(s, i) {
    return palette[(s.colour === undefined || s.colour === null ? i : s.colour) % palette.length];
  }

  function zip(x, y) {
    var out = new Array(y.length);
    for (var i = 0; i < y.length; i++) out[i] = [x[i], y[i]];
    return out;
  }

  function errorBars(chart, s, index, count, bars) {
    var points = [];
    for (var i = 0; i < s.y.length; i++) {
      if (s.low[i] !== null && s.high[i] !== null) points.push([i, s.low[i], s.high[i]]);
    }
    return {
      type: 'custom', name: s.name, silent: true, z: 10, data: points,
      renderItem: function (params, api) {
        var lo = api.coord([api.value(0), api.value(1)]);
        var hi = api.coord([api.value(0), api.value(2)]);
        var band = api.size([1, 0])[0];
        var x = lo[0];
        if (bars) {
          var group = band * 0.7;
          var width = group / count;
          x = lo[0] - group / 2 + width * (index + 0.5);
        }
        var cap = Math.min(8, band / (bars ? count * 3 : 4));
        var style = { stroke: '#333', lineWidth: 1.2 };
        return { type: 'group', children: [
          { type: 'line', shape: { x1: x, y1: lo[1], x2: x, y2: hi[1] }, style: style },
          { type: 'line', shape: { x1: x - cap, y1: lo[1], x2: x + cap, y2: lo[1] }, style: style },
          { type: 'line', shape: { x1: x - cap, y1: hi[1], x2: x + cap, y2: hi[1] }, style: style }
        ] };
      }
    };
  }

  function option(c, width) {
    var numeric = c.kind === 'LINE' || c.kind === 'SPECTRUM';
    var series = [];
    var longest = 0;
    c.series.forEach(function (s, i) {
      longest = Math.max(longest, s.y.length);
      var base = { name: s.name, color: colourOf(s, i) };
      if (numeric) {
        base.type = 'line';
        base.data = zip(s.x || c.x, s.y);
        base.showSymbol = s.y.length < 60;
        base.symbolSize = 5;
        base.lineStyle = { width: 1.5 };
        base.sampling = 'lttb';
        base.connectNulls = false;
        base.large = true;
      } else if (c.kind === 'BAR') {
        base.type = 'bar';
        base.data = s.y;
        if (s.stack) base.stack = s.stack;
      } else {
        base.type = 'line';
        base.data = s.y;
        base.symbolSize = 7;
      }
      series.push(base);
    });
    if (!numeric) {
      var stacked = c.series.some(function (s) { return !!s.stack; });
      c.series.forEach(function (s, i) {
        if (s.low && s.high && !stacked) series.push(errorBars(c, s, i, c.series.length, c.kind === 'BAR'));
      });
    }
    if (c.bands && c.bands.length && series.length) {
      var xs = c.x || c.series[0].x || [];
      var lo = Math.min(xs.length ? xs[0] : 0, c.bands[0].from);
      var hi = Math.max(xs.length ? xs[xs.length - 1] : 0, c.bands[c.bands.length - 1].to);
      var span = hi > lo ? hi - lo : 1;
      series[0].markArea = {
        silent: true,
        label: { show: true, position: 'insideTopLeft', color: '#666', fontSize: 11 },
        data: c.bands.map(function (b, i) {
          // A label no wider than its band (roughly), so neighbours' labels do not overlap.
          var px = (b.to - b.from) / span * (width - 140) - 6;
          return [{ name: b.label, xAxis: b.from,
                    label: { show: px >= 28, width: Math.max(28, px), overflow: 'truncate' },
                    itemStyle: { color: i % 2 ? 'rgba(0,0,0,0.035)' : 'rgba(0,0,0,0.07)' } }, { xAxis: b.to }];
        })
      };
    }
    var xAxis = numeric
      ? { type: c.kind === 'SPECTRUM' ? 'log' : 'value', name: c.xLabel, nameLocation: 'middle', nameGap: 26, scale: c.kind !== 'SPECTRUM' }
      : { type: 'category', name: c.xLabel, nameLocation: 'middle', nameGap: 26, data: c.categories, axisLabel: { interval: 0, hideOverlap: true } };
    if (c.kind === 'SPECTRUM') {
      xAxis.min = 1;
      xAxis.logBase = 10;
      xAxis.axisLabel = { formatter: percentile };
    }
    var o = {
      animation: false,
      color: palette,
      title: { text: c.title, left: 'center', textStyle: { fontSize: 14 } },
      tooltip: numeric ? { trigger: 'axis', valueFormatter: number } : { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: number },
      legend: { type: 'scroll', bottom: 0, data: c.series.map(function (s) { return s.name; }) },
      grid: { left: 70, right: 36, top: 40, bottom: 80, containLabel: true },
      xAxis: xAxis,
      yAxis: { type: c.yLog ? 'log' : 'value', name: c.yLabel, nameLocation: 'middle', nameGap: 56,
               axisLabel: { formatter: number } },
      series: series
    };
    if (c.yMin !== undefined && c.yMin !== null) o.yAxis.min = c.yMin;
    if (numeric && longest > 200 && c.kind === 'LINE') {
      o.dataZoom = [{ type: 'inside' }, { type: 'slider', bottom: 28, height: 18 }];
      o.grid.bottom = 100;
    }
    return o;
  }

  function hex(c) {
    return [parseInt(c.substr(1, 2), 16), parseInt(c.substr(3, 2), 16), parseInt(c.substr(5, 2), 16)];
  }

  function paintedPixels(dom, colours) {
    var canvas = dom.querySelector('canvas');
    if (!canvas) return 0;
    var d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    var rgb = colours.map(hex);
    var count = 0;
    for (var i = 0; i < d.length; i += 16) {
      if (d[i + 3] < 128) continue;
      for (var k = 0; k < rgb.length; k++) {
        if (Math.abs(d[i] - rgb[k][0]) + Math.abs(d[i + 1] - rgb[k][1]) + Math.abs(d[i + 2] - rgb[k][2]) < 60) { count++; break; }
      }
    }
    return count;
  }

  var instances = [];
  spec.charts.forEach(function (c) {
    var dom = document.getElementById('chart-' + c.id);
    try {
      var chart = echarts.init(dom, null, { renderer: 'canvas' });
      chart.setOption(option(c, dom.clientWidth || 1200));
      instances.push(chart);
      var points = 0;
      c.series.forEach(function (s) { s.y.forEach(function (v) { if (v !== null) points++; }); });
      var colours = c.series.map(colourOf);
      var entry = { id: c.id, points: points, pixels: paintedPixels(dom, colours) };
      try {
        // The y axis as drawn, lowest and highest value.
        entry.yAxis = chart.getModel().getComponent('yAxis', 0).axis.scale.getExtent();
      } catch (e) {
        entry.yAxis = null;
      }
      if (c.kind === 'BAR') {
        // Bars as ECharts holds them, each with the pixels painted in its own colour.
        entry.bars = chart.getOption().series.filter(function (s) { return s.type === 'bar'; })
          .map(function (s) {
            return { name: s.name, stack: s.stack || null, colour: s.color, values: s.data,
                     pixels: paintedPixels(dom, [s.color]) };
          });
      }
      drawn.push(entry);
    } catch (e) {
      window.loadlabErrors.push('chart ' + c.id + ': ' + e);
    }
  });
  window.addEventListener('resize', function () { instances.forEach(function (i) { i.resize(); }); });
  var check = document.getElementById('loadlab-check');
  check.textContent = JSON.stringify({
    charts: spec.charts.length,
    drawn: drawn,
    errors: window.loadlabErrors,
    requests: performance.getEntriesByType('resource').map(function (r) { return r.name; })
  });
})();
