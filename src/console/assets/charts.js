// The server's graphs (views/server-graphs.eta), drawn with uPlot, which
// cloudplane serves itself. No data sits in the page (the Content-Security-
// Policy allows no inline script): the box #server-graphs names where the
// series are (data-chart-src), this file fetches them as JSON with the page's
// session and draws one chart into each [data-chart] box. The table under the
// graphs says the same in numbers, for screen readers and for a browser
// without scripts.
(() => {
  const container = document.getElementById('server-graphs');
  if (!container || typeof window.uPlot !== 'function') return;
  const uPlot = window.uPlot;

  // One colour per series of a chart: the console's accent, then an orange that stays apart from it for colour-blind readers.
  const COLOURS = ['#0b5cad', '#c4540a'];
  const FILLS = ['rgba(11, 92, 173, 0.12)', 'rgba(196, 84, 10, 0.08)'];
  const HEIGHT = 220;

  /** As the page's table writes values (formatValue in server-graphs.routes.ts): "12.5 %", "1.23 MB/s". */
  function format(value, unit) {
    if (value === null || value === undefined) return '–';
    if (unit === 'percent') return `${value.toFixed(1)} %`;
    const prefixes = ['', 'k', 'M', 'G', 'T'];
    let scaled = value;
    let index = 0;
    while (scaled >= 1000 && index < prefixes.length - 1) {
      scaled /= 1000;
      index += 1;
    }
    return `${index === 0 ? Math.round(scaled) : scaled.toFixed(scaled < 10 ? 2 : 1)} ${prefixes[index]}B/s`;
  }

  /** The indexes of values with no value on either side. */
  function isolatedPoints(values) {
    const isolated = [];
    for (let index = 0; index < values.length; index += 1) {
      if (values[index] !== null && (values[index - 1] ?? null) === null && (values[index + 1] ?? null) === null) isolated.push(index);
    }
    return isolated;
  }

  function say(box, text) {
    box.textContent = '';
    const note = document.createElement('p');
    note.className = 'hint';
    note.textContent = text;
    box.append(note);
  }

  function draw(box, chart) {
    const width = () => Math.max(200, box.clientWidth);
    const options = {
      width: width(),
      height: HEIGHT,
      // The console says every time in UTC, as the API does.
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: chart.unit === 'percent' ? { range: [0, 100] } : { range: (_plot, _min, max) => [0, Math.max(1, max) * 1.1] } },
      series: [
        { label: 'Time (UTC)' },
        ...chart.labels.map((label, index) => ({
          label,
          stroke: COLOURS[index % COLOURS.length],
          fill: FILLS[index % FILLS.length],
          width: 2,
          // A step without a measurement (the server was stopped) is a gap, not a line across it.
          spanGaps: false,
          // A measurement alone between gaps has no line to draw: it shows as a dot.
          points: { show: true, size: 6, filter: (plot, seriesIndex) => isolatedPoints(plot.data[seriesIndex]) },
          value: (_plot, value) => format(value, chart.unit),
        })),
      ],
      axes: [{}, { size: 80, values: (_plot, ticks) => ticks.map((tick) => format(tick, chart.unit)) }],
    };
    box.textContent = '';
    const plot = new uPlot(options, chart.data, box);
    new window.ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT })).observe(box);
  }

  const boxes = new Map([...container.querySelectorAll('[data-chart]')].map((box) => [box.getAttribute('data-chart'), box]));
  for (const box of boxes.values()) say(box, 'Loading…');
  window.fetch(container.getAttribute('data-chart-src'), { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then((response) => {
      if (!response.ok) throw new Error(`status ${response.status}`);
      return response.json();
    })
    .then((answer) => {
      for (const chart of answer.charts) {
        const box = boxes.get(chart.id);
        if (!box) continue;
        const measured = chart.data.slice(1).some((column) => column.some((value) => value !== null));
        if (measured) draw(box, chart);
        else say(box, 'No measurements in this range yet.');
      }
    })
    .catch(() => {
      for (const box of boxes.values()) say(box, 'The graph could not be loaded. Reload the page to try again.');
    });
})();
