// The live page: polls live.json every second and draws what it says (a run, or a campaign with
// its running run) into the page; then writes what it drew, and any error, into #loadlab-check so
// tests can read it. Every figure goes in as text (textContent), never as markup.
(function () {
  var palette = JSON.parse(document.getElementById('loadlab-palette').textContent);
  var POLL_MS = 1000, STALE_POLL_MS = 5000;
  var seen = { polls: 0, updates: 0, failures: 0, feed: null, status: '' };
  var charts = {};
  // A run's chart as this page holds it: the feed sends only the intervals after the last one it
  // saw (live.json?since=N), so a poll costs the same at minute 1 and hour 5.
  var MAX_POINTS = 2000;
  var held = null, since = null;

  // The feed's chart joined to the one held: replaced when whole, else its new points appended.
  function merge(c) {
    if (!c) return held;
    if (c.since === undefined || !held) {
      held = { step: c.step || 1, skipped: 0, t: c.t.slice(), index: c.index.slice(), operations: c.operations.map(function (o) {
        return { name: o.name, rate: o.rate.slice(), p50Ms: o.p50Ms.slice(), p99Ms: o.p99Ms.slice(), targetRate: o.targetRate ? o.targetRate.slice() : null };
      }) };
      return held;
    }
    var byName = {};
    held.operations.forEach(function (o) { byName[o.name] = o; });
    c.operations.forEach(function (o) {
      if (!byName[o.name]) {
        var gap = held.t.map(function () { return null; });
        byName[o.name] = { name: o.name, rate: gap.slice(), p50Ms: gap.slice(), p99Ms: gap.slice(), targetRate: null };
        held.operations.push(byName[o.name]);
      }
    });
    for (var i = 0; i < c.t.length; i++) {
      if (++held.skipped < held.step) continue;
      held.skipped = 0;
      held.t.push(c.t[i]);
      held.index.push(c.index[i]);
      held.operations.forEach(function (h) {
        var o = null;
        c.operations.forEach(function (k) { if (k.name === h.name) o = k; });
        h.rate.push(o ? o.rate[i] : null);
        h.p50Ms.push(o ? o.p50Ms[i] : null);
        h.p99Ms.push(o ? o.p99Ms[i] : null);
        var target = o && o.targetRate ? o.targetRate[i] : null;
        if (target !== null && !h.targetRate) h.targetRate = held.t.slice(0, -1).map(function () { return null; });
        if (h.targetRate) h.targetRate.push(target);
      });
    }
    if (held.t.length > MAX_POINTS) {
      // Every other point, the last always, as the feed thins a long run.
      var keep = function (a) { return a.filter(function (v, k) { return (a.length - 1 - k) % 2 === 0; }); };
      held.t = keep(held.t);
      held.index = keep(held.index);
      held.operations.forEach(function (h) {
        h.rate = keep(h.rate); h.p50Ms = keep(h.p50Ms); h.p99Ms = keep(h.p99Ms);
        if (h.targetRate) h.targetRate = keep(h.targetRate);
      });
      held.step *= 2;
    }
    return held;
  }

  function $(id) { return document.getElementById(id); }

  function number(v) {
    if (v === null || v === undefined) return '–';
    var a = Math.abs(v);
    if (Number.isInteger(v) && a < 1e15) return v.toLocaleString('en');
    if (a >= 100) return Math.round(v).toLocaleString('en');
    if (a >= 10) return String(parseFloat(v.toFixed(1)));
    if (a >= 1) return String(parseFloat(v.toFixed(2)));
    return String(parseFloat(v.toPrecision(2)));
  }

  function duration(s) {
    if (s === null || s === undefined) return 'unknown';
    s = Math.max(0, Math.round(s));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    if (h) return h + ' h ' + m + ' min';
    if (m) return m + ' min ' + sec + ' s';
    return sec + ' s';
  }

  function clock(ms) {
    return ms ? new Date(ms).toLocaleTimeString('en-GB') : '–';
  }

  // A cell: text, with its class and its exact value (data-value) for numbers.
  function td(cell) {
    var el = document.createElement('td');
    if (cell === null || typeof cell !== 'object') cell = { text: cell };
    el.textContent = cell.text === null || cell.text === undefined ? '' : String(cell.text);
    if (cell.value !== undefined) {
      el.className = 'num';
      el.setAttribute('data-value', cell.value === null ? '' : String(cell.value));
    }
    if (cell.cls) el.className = (el.className ? el.className + ' ' : '') + cell.cls;
    return el;
  }

  function table(el, header, rows) {
    el.textContent = '';
    var tr = document.createElement('tr');
    header.forEach(function (h) {
      var th = document.createElement('th');
      th.textContent = h;
      tr.appendChild(th);
    });
    el.appendChild(tr);
    rows.forEach(function (row) {
      var r = document.createElement('tr');
      if (row.id) r.setAttribute('data-id', row.id);
      if (row.current) r.className = 'current';
      row.cells.forEach(function (c) { r.appendChild(td(c)); });
      el.appendChild(r);
    });
  }

  function defs(el, pairs) {
    el.textContent = '';
    pairs.forEach(function (p) {
      var tr = document.createElement('tr');
      var th = document.createElement('th');
      th.textContent = p[0];
      tr.appendChild(th);
      tr.appendChild(td(p[1]));
      el.appendChild(tr);
    });
  }

  function status(text, stale) {
    var el = $('live-status');
    el.textContent = text;
    el.className = 'live-status' + (stale ? ' stale' : '');
    seen.status = text;
  }

  function campaign(f) {
    $('live-campaign').hidden = false;
    var r = f.runs || {};
    var pairs = [
      ['status', { text: f.status, cls: 'state-' + f.status }],
      ['runs done', { text: number(r.done), value: r.done }],
      ['runs failed', { text: number(r.failed), value: r.failed }],
      ['runs left', { text: number(r.left), value: r.left }],
      ['ETA', f.status === 'running' ? duration(f.etaSeconds) : 'ended']
    ];
    if (f.running) pairs.push(['running', f.running.run + ' (' + f.running.cell + ')']);
    pairs.push(['updated', clock(f.updatedEpochMs)]);
    defs($('live-campaign-summary'), pairs);
    table($('live-cells'), ['cell', 'configuration', 'step', 'point', 'status', 'runs ok', 'failed', 'of', 'figure', 'reported'],
      (f.cells || []).map(function (c) {
        return { id: c.id, current: c.status === 'running', cells: [
          c.id, c.configuration, c.step, c.point, { text: c.status, cls: 'state-' + c.status },
          { text: number(c.ok), value: c.ok }, { text: number(c.failed), value: c.failed }, c.iterations,
          c.figure, { text: number(c.value), value: c.value === undefined ? null : c.value }] };
      }));
    var client = null;
    (f.clients || []).forEach(function (k) { if (!client && k.feed && k.feed.kind === 'run') client = k; });
    if (client) {
      var caption = (client.answering ? 'Running run: ' : 'Last run: ') + (client.run || '') +
        ((f.clients.length > 1) ? ' (client 1 of ' + f.clients.length + ', ' + client.target + ')' : '');
      run(client.feed, caption, !client.answering);
    } else {
      // Between runs, or a run whose clients do not serve yet: nothing to draw.
      $('live-run').hidden = true;
    }
    var warnings = (f.warnings || []).slice();
    if (client && client.feed.warnings) {
      client.feed.warnings.forEach(function (w) { warnings.push({ kind: w.kind, message: (client.run || 'run') + ': ' + w.message }); });
    }
    warn(warnings);
    status('Campaign ' + f.status + ': ' + number(r.done) + ' runs done, ' + number(r.failed) + ' failed, ' +
      number(r.left) + ' left; ETA ' + (f.status === 'running' ? duration(f.etaSeconds) : 'ended') + '. Updated ' + clock(f.updatedEpochMs) + '.');
  }

  function warn(list) {
    $('live-warnings-section').hidden = list.length === 0;
    var box = $('live-warnings');
    box.textContent = '';
    list.forEach(function (w) {
      var div = document.createElement('div');
      div.className = 'warning ' + w.kind;
      div.setAttribute('role', 'note');
      var strong = document.createElement('strong');
      strong.textContent = 'Warning: ';
      div.appendChild(strong);
      div.appendChild(document.createTextNode(w.message));
      box.appendChild(div);
    });
  }

  // A run's figures; gone: its endpoint closed, these are the last it served.
  function run(f, caption, gone) {
    $('live-run').hidden = false;
    $('live-run-title').textContent = caption;
    var over = gone || (f.status !== 'running' && f.status !== 'starting');
    var state = gone ? 'ended' : f.status;
    defs($('live-run-summary'), [
      ['status', { text: gone ? 'ended (its last figures)' : state, cls: 'state-' + (gone ? 'done' : state) }],
      ['interval', f.interval === undefined ? '–' : f.interval + (f.warmup ? ' (warmup)' : '') + (f.phase ? ' · ' + f.phase : '')],
      ['elapsed', duration(f.elapsedSeconds) + (f.plannedSeconds ? ' of ' + duration(f.plannedSeconds) : '')],
      ['ETA', over ? 'ended' : duration(f.etaSeconds)]
    ]);
    table($('live-operations'), ['operation', 'rate /s (interval)', 'p50 ms (interval)', 'p99 ms (interval)', 'errors (interval)',
      'rate /s (run)', 'p99 ms (run)', 'operations (run)', 'errors (run)', 'target /s'],
      (f.operations || []).map(function (o) {
        return { id: o.name, cells: [o.name,
          { text: number(o.intervalRate), value: o.intervalRate }, { text: number(o.intervalP50Ms), value: o.intervalP50Ms },
          { text: number(o.intervalP99Ms), value: o.intervalP99Ms }, { text: number(o.intervalErrors), value: o.intervalErrors },
          { text: number(o.rate), value: o.rate }, { text: number(o.p99Ms), value: o.p99Ms },
          { text: number(o.count), value: o.count }, { text: number(o.errors), value: o.errors },
          { text: o.targetRate === undefined ? '' : number(o.targetRate) + (o.held === false ? ' (not held)' : ''),
            value: o.targetRate === undefined ? null : o.targetRate }] };
      }));
    var c = f.chart || { t: [], operations: [] };
    var every = c.step > 1 ? ' (every ' + c.step + ' intervals)' : '';
    var rates = [], latencies = [];
    c.operations.forEach(function (o) {
      rates.push({ name: o.name, y: o.rate });
      if (o.targetRate) rates.push({ name: o.name + ' target', y: o.targetRate, dashed: true });
      latencies.push({ name: o.name + ' p50', y: o.p50Ms });
      latencies.push({ name: o.name + ' p99', y: o.p99Ms });
    });
    draw('rate', 'Rate per interval' + every, 'operations / s', c.t, rates);
    draw('latency', 'Latency per interval' + every, 'ms', c.t, latencies);
  }

  function zip(x, y) {
    var out = new Array(y.length);
    for (var i = 0; i < y.length; i++) out[i] = [x[i], y[i]];
    return out;
  }

  function draw(id, title, yLabel, t, series) {
    var dom = $('chart-' + id);
    var chart = charts[id];
    if (!chart) {
      chart = echarts.init(dom, null, { renderer: 'canvas' });
      charts[id] = chart;
    }
    chart.setOption({
      animation: false,
      color: palette,
      title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
      tooltip: { trigger: 'axis', valueFormatter: number },
      legend: { type: 'scroll', bottom: 0 },
      grid: { left: 70, right: 36, top: 40, bottom: 60, containLabel: true },
      xAxis: { type: 'value', name: 'seconds since the start', nameLocation: 'middle', nameGap: 26, scale: true },
      yAxis: { type: 'value', name: yLabel, nameLocation: 'middle', nameGap: 56, axisLabel: { formatter: number } },
      series: series.map(function (s, i) {
        return { name: s.name, type: 'line', data: zip(t, s.y), showSymbol: s.y.length < 60, symbolSize: 5,
                 lineStyle: { width: 1.8, type: s.dashed ? 'dashed' : 'solid' }, color: palette[i % palette.length],
                 connectNulls: false };
      })
    }, true);
  }

  // Pixels painted in the palette's colours on a chart's canvas: more than none once it drew data.
  function painted(id) {
    var canvas = $('chart-' + id).querySelector('canvas');
    if (!canvas || !canvas.width) return 0;
    var d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    var rgb = palette.map(function (c) { return [parseInt(c.substr(1, 2), 16), parseInt(c.substr(3, 2), 16), parseInt(c.substr(5, 2), 16)]; });
    var count = 0;
    for (var i = 0; i < d.length; i += 16) {
      if (d[i + 3] < 128) continue;
      for (var k = 0; k < rgb.length; k++) {
        if (Math.abs(d[i] - rgb[k][0]) + Math.abs(d[i + 1] - rgb[k][1]) + Math.abs(d[i + 2] - rgb[k][2]) < 60) { count++; break; }
      }
    }
    return count;
  }

  function check() {
    var drawn = Object.keys(charts).map(function (id) {
      var points = 0;
      charts[id].getOption().series.forEach(function (s) { s.data.forEach(function (p) { if (p[1] !== null && p[1] !== undefined) points++; }); });
      return { id: id, points: points, pixels: painted(id) };
    });
    var f = seen.feed;
    var summary = null;
    if (f) {
      summary = { kind: f.kind, status: f.status, runs: f.runs || null };
      if (f.kind === 'campaign') {
        summary.cells = (f.cells || []).map(function (c) { return { id: c.id, status: c.status, figure: c.figure || null, value: c.value === undefined ? null : c.value }; });
      }
      var r = f.kind === 'run' ? f : null, id = null;
      (f.clients || []).forEach(function (k) { if (!r && k.feed && k.feed.kind === 'run') { r = k.feed; id = k.run; } });
      if (r) summary.run = { id: id, status: r.status, interval: r.interval === undefined ? null : r.interval, t: (r.chart || {}).t || [], index: (r.chart || {}).index || [],
                             rates: ((r.chart || {}).operations || []).map(function (o) { return { name: o.name, rate: o.rate }; }) };
    }
    $('loadlab-check').textContent = JSON.stringify({
      polls: seen.polls, updates: seen.updates, failures: seen.failures, status: seen.status,
      drawn: drawn, feed: summary, errors: window.loadlabErrors,
      requests: performance.getEntriesByType('resource').map(function (e) { return e.name; })
        .filter(function (u, i, all) { return all.indexOf(u) === i; })
    });
  }

  function render(f) {
    seen.feed = f;
    if (f.kind === 'campaign') {
      campaign(f);
    } else if (f.kind === 'run') {
      warn(f.warnings || []);
      run(f, 'Run: ' + f.title);
      status('Run ' + f.status + (f.interval === undefined ? '' : ', interval ' + f.interval) + '; ETA ' +
        (f.status === 'running' || f.status === 'starting' ? duration(f.etaSeconds) : 'ended') + '. Updated ' + clock(f.updatedEpochMs) + '.');
    } else {
      status('Waiting for the first figures…');
    }
  }

  function poll() {
    seen.polls++;
    fetch(since === null ? 'live.json' : 'live.json?since=' + since, { cache: 'no-store' })
      .then(function (r) {
        if (!r.ok) throw new Error('HTTP ' + r.status);
        return r.json();
      })
      .then(function (f) {
        seen.updates++;
        seen.failures = 0;
        try {
          if (f.kind === 'run') {
            f.chart = merge(f.chart);
            since = f.interval === undefined ? null : f.interval;
          }
          render(f);
        } catch (e) {
          window.loadlabErrors.push('render: ' + e);
        }
      }, function (e) {
        seen.failures++;
        status('The endpoint does not answer (' + e.message + '): the run or campaign has probably ended. ' +
          'The figures below are the last ones received; its reports hold the final ones.', true);
      })
      .then(function () {
        check();
        setTimeout(poll, seen.failures ? STALE_POLL_MS : POLL_MS);
      });
  }

  window.addEventListener('resize', function () { Object.keys(charts).forEach(function (id) { charts[id].resize(); }); });
  poll();
})();
