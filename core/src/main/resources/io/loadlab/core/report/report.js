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

  // Every colour a series paints: its own, or each value's where its values have their own.
  function coloursOf(s, i) {
    if (!s.valueColours) return [colourOf(s, i)];
    return s.valueColours.map(function (k) { return palette[k % palette.length]; });
  }

  // Lines tell apart without colour: each series its own symbol and dash pattern.
  var SYMBOLS = ['circle', 'rect', 'triangle', 'diamond', 'roundRect', 'pin', 'arrow', 'emptyCircle'];
  var DASHES = ['solid', [8, 4], [2, 3], [10, 3, 2, 3], [4, 4], [12, 2, 2, 2, 2, 2]];

  // How many later series draw over series i (the same values, within half a percent of the
  // chart's range): it is drawn that much wider, so the later, thinner ones leave it visible.
  function coveredBy(c, i) {
    var lo = Infinity, hi = -Infinity;
    c.series.forEach(function (s) {
      s.y.forEach(function (v) { if (v !== null) { lo = Math.min(lo, v); hi = Math.max(hi, v); } });
    });
    var tolerance = hi > lo ? (hi - lo) * 0.005 : 0;
    var a = c.series[i], count = 0;
    for (var j = i + 1; j < c.series.length; j++) {
      var b = c.series[j], same = b.y.length === a.y.length;
      for (var k = 0; same && k < a.y.length; k++) {
        if ((a.y[k] === null) !== (b.y[k] === null)) same = false;
        else if (a.y[k] !== null && Math.abs(a.y[k] - b.y[k]) > tolerance) same = false;
      }
      if (same) count++;
    }
    return Math.min(count, 2); // a few widths are enough to tell lines apart
  }

  function zip(x, y) {
    var out = new Array(y.length);
    for (var i = 0; i < y.length; i++) out[i] = [x[i], y[i]];
    return out;
  }

  function errorBars(chart, s, index, count, bars, labelled) {
    var points = [];
    for (var i = 0; i < s.y.length; i++) {
      if (s.low[i] != null && s.high[i] != null) points.push([i, s.low[i], s.high[i]]);
    }
    return {
      // Both ends on the y axis' dimension, so the axis' range takes in every bar's end.
      type: 'custom', name: s.name, silent: true, z: 10, data: points, encode: { x: 0, y: [1, 2] },
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
        var children = [
          { type: 'line', shape: { x1: x, y1: lo[1], x2: x, y2: hi[1] }, style: style },
          { type: 'line', shape: { x1: x - cap, y1: lo[1], x2: x + cap, y2: lo[1] }, style: style },
          { type: 'line', shape: { x1: x - cap, y1: hi[1], x2: x + cap, y2: hi[1] }, style: style }
        ];
        if (labelled) {
          // The value, above the error bar's upper end (the axis leaves room for it).
          children.push({ type: 'text', style: { text: number(s.y[api.value(0)]), x: x, y: hi[1] - 3,
            align: 'center', verticalAlign: 'bottom', fill: '#333', fontSize: 11 } });
        }
        return { type: 'group', children: children };
      }
    };
  }

  // Room above the highest bar or error bar for its label: a tenth of the axis' height.
  // (ECharts adds the gap as a share of the data's range, which need not start at the axis' 0.)
  function headroom(c) {
    var lo = Infinity, hi = -Infinity;
    c.series.forEach(function (s) {
      [s.y, s.low || [], s.high || []].forEach(function (values) {
        values.forEach(function (v) { if (v !== null) { lo = Math.min(lo, v); hi = Math.max(hi, v); } });
      });
    });
    if (!(hi > lo)) return '10%';
    var top = Math.max(hi, 0) - Math.min(lo, 0);
    return (10 * top / (hi - lo)) + '%';
  }

  // The value axis' widest label, roughly: the largest value drawn, rounded up as an axis would.
  function widestValue(c) {
    var top = 0;
    c.series.forEach(function (s) {
      [s.y, s.low || [], s.high || []].forEach(function (values) {
        values.forEach(function (v) { if (v !== null) top = Math.max(top, Math.abs(v)); });
      });
    });
    return c.yLog ? number(top) : number(top * 1.25);
  }

  // About how many lines the longest category label wraps to (12px text, ~6.5px a character).
  function wrappedLines(categories, labelWidth) {
    var lines = 1;
    (categories || []).forEach(function (t) {
      lines = Math.max(lines, Math.ceil(String(t).length * 6.5 / labelWidth));
    });
    return Math.min(lines, 4);
  }

  function option(c, width) {
    var numeric = c.kind === 'LINE' || c.kind === 'SPECTRUM';
    var series = [];
    var longest = 0;
    var stacked = c.series.some(function (s) { return !!s.stack; });
    var bars = 0;
    c.series.forEach(function (s) { bars += s.y.length; });
    // Bars carry their value where there are few enough to read; never on stacks.
    var labelled = c.kind === 'BAR' && !stacked && bars <= 24;
    c.series.forEach(function (s, i) {
      longest = Math.max(longest, s.y.length);
      var base = { name: s.name, color: colourOf(s, i) };
      if (numeric) {
        var wider = coveredBy(c, i);
        base.type = 'line';
        base.data = zip(s.x || c.x, s.y);
        base.showSymbol = s.y.length < 60;
        base.symbol = SYMBOLS[i % SYMBOLS.length];
        base.symbolSize = 5 + 3 * wider;
        base.lineStyle = { width: 1.5 + 2.5 * wider };
        base.sampling = 'lttb';
        base.connectNulls = false;
        base.large = true;
      } else if (c.kind === 'BAR') {
        base.type = 'bar';
        base.data = s.valueColours
          ? s.y.map(function (v, k) { return { value: v, itemStyle: { color: coloursOf(s, i)[k] } }; })
          : s.y;
        if (s.stack) base.stack = s.stack;
        // A non-zero value stays visible beside a long error bar (its label gives the value).
        if (!s.stack) base.barMinHeight = 2;
        if (labelled) {
          // Values with an error bar are labelled above its upper end instead (errorBars).
          base.label = { show: true, position: 'top', fontSize: 11, color: '#333', formatter: function (p) {
            var barred = s.low && s.high && s.low[p.dataIndex] != null && s.high[p.dataIndex] != null;
            return barred ? '' : number(p.value);
          } };
        }
      } else {
        var under = coveredBy(c, i);
        base.type = 'line';
        base.data = s.y;
        base.symbol = SYMBOLS[i % SYMBOLS.length];
        base.symbolSize = 7 + 4 * under;
        base.lineStyle = { width: 2 + 2.5 * under, type: DASHES[i % DASHES.length] };
      }
      series.push(base);
    });
    if (!numeric) {
      c.series.forEach(function (s, i) {
        if (s.low && s.high && !stacked) series.push(errorBars(c, s, i, c.series.length, c.kind === 'BAR', labelled));
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
        data: c.bands.map(function (b) {
          // A label no wider than its band (roughly), so neighbours' labels do not overlap.
          var px = (b.to - b.from) / span * (width - 140) - 6;
          // Unmeasured stretches (warmup, start-up) grey; a measured phase only labelled.
          return [{ name: b.label, xAxis: b.from,
                    label: { show: px >= 28, width: Math.max(28, px), overflow: 'truncate' },
                    itemStyle: { color: b.shaded ? 'rgba(0,0,0,0.07)' : 'rgba(0,0,0,0)' } }, { xAxis: b.to }];
        })
      };
      // Where each measured phase starts: a thin dashed line.
      var starts = c.bands.filter(function (b) { return !b.shaded; });
      if (starts.length) {
        series[0].markLine = {
          silent: true, symbol: 'none', animation: false, label: { show: false },
          lineStyle: { color: '#bbbbbb', type: 'dashed', width: 1 },
          data: starts.map(function (b) { return { xAxis: b.from }; })
        };
      }
    }
    var xAxis = numeric
      ? { type: c.kind === 'SPECTRUM' ? 'log' : 'value', name: c.xLabel, nameLocation: 'middle', nameGap: 26, scale: c.kind !== 'SPECTRUM' }
      : { type: 'category', name: c.xLabel, nameLocation: 'middle', nameGap: 26, data: c.categories,
          // Every category's label, wrapped to its band's width rather than hidden or cut.
          axisLabel: { interval: 0, width: Math.max(48, (width - 160) / Math.max(1, c.categories.length) - 8), overflow: 'break' } };
    // The axis from the first band's start: a first warmup interval is drawn, not cut off.
    if (c.kind === 'LINE' && lo !== undefined) xAxis.min = lo;
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
      // Bars coloured per value are named by the axis' categories, not in a legend.
      legend: { type: 'scroll', bottom: 0, data: c.series.filter(function (s) { return !s.valueColours; })
        .map(function (s) { return s.name; }) },
      grid: { left: 70, right: 36, top: 40, bottom: 80, containLabel: true },
      xAxis: xAxis,
      yAxis: { type: c.yLog ? 'log' : 'value', name: c.yLabel, nameLocation: 'middle', nameGap: 56,
               axisLabel: { formatter: number } },
      series: series
    };
    if (c.yMin !== undefined && c.yMin !== null) o.yAxis.min = c.yMin;
    // The axis' name clear of its widest value label (about 7px a character).
    o.yAxis.nameGap = Math.max(56, 16 + 7 * widestValue(c).length);
    if (labelled && !c.yLog) o.yAxis.boundaryGap = [0, headroom(c)];
    if (!numeric) {
      // Wrapped category labels push the axis' name (and the legend) down.
      var extra = 14 * (wrappedLines(c.categories, xAxis.axisLabel.width) - 1);
      o.xAxis.nameGap += extra;
      o.grid.bottom += extra;
    }
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
      var colours = [];
      c.series.forEach(function (s, i) { colours = colours.concat(coloursOf(s, i)); });
      var entry = { id: c.id, points: points, pixels: paintedPixels(dom, colours) };
      try {
        // The y axis as drawn, lowest and highest value.
        entry.yAxis = chart.getModel().getComponent('yAxis', 0).axis.scale.getExtent();
      } catch (e) {
        entry.yAxis = null;
      }
      if (c.kind === 'BAR') {
        // Bars as ECharts holds them, each with the pixels painted in its own colour (and in each
        // value's, where its values have their own).
        entry.bars = chart.getOption().series.filter(function (s) { return s.type === 'bar'; })
          .map(function (s, i) {
            var bar = { name: s.name, stack: s.stack || null, colour: s.color,
                        values: s.data.map(function (d) { return d !== null && typeof d === 'object' ? d.value : d; }),
                        pixels: paintedPixels(dom, [s.color]) };
            if (c.series[i].valueColours) {
              bar.valueColours = coloursOf(c.series[i], i);
              bar.valuePixels = bar.valueColours.map(function (k) { return paintedPixels(dom, [k]); });
            }
            return bar;
          });
      } else {
        // Lines, each with the pixels painted in its own colour: none hidden under another.
        entry.lines = c.series.map(function (s, i) {
          return { name: s.name, colour: colourOf(s, i), pixels: paintedPixels(dom, [colourOf(s, i)]) };
        });
      }
      entry.categories = c.categories || null;
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
