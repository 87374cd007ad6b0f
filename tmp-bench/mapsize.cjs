const { SourceMapConsumer } = require('source-map-js');
const fs = require('fs');
const file = process.argv[2];
const code = fs.readFileSync(file, 'utf8');
const map = new SourceMapConsumer(JSON.parse(fs.readFileSync(file + '.map', 'utf8')));
const lines = code.split('\n');
const sizes = {};
let last = null;
map.eachMapping((m) => {
  if (last) {
    const src = last.source || '(none)';
    let len;
    if (m.generatedLine === last.generatedLine) len = m.generatedColumn - last.generatedColumn;
    else len = lines[last.generatedLine - 1].length - last.generatedColumn;
    sizes[src] = (sizes[src] || 0) + len;
  }
  last = m;
});
const group = (s) => { const i = s.lastIndexOf('node_modules/'); if (i >= 0) { const rest = s.slice(i + 13).split('/'); return rest[0].startsWith('@') ? rest[0] + '/' + rest[1] : rest[0]; } return s.replace(/^.*\/src\//, 'src/'); };
const g = {};
for (const [k, v] of Object.entries(sizes)) g[group(k)] = (g[group(k)] || 0) + v;
for (const [k, v] of Object.entries(g).sort((a, b) => b[1] - a[1]).slice(0, +(process.argv[3] || 40))) console.log(String(v).padStart(7), k);
