import app from './vite.config';
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
export default {
  ...app,
  plugins: [
    ...app.plugins,
    {
      name: 'dump',
      generateBundle(_o, bundle) {
        const out = {};
        for (const [f, c] of Object.entries(bundle)) {
          if (c.type !== 'chunk') continue;
          out[f] = { isEntry: c.isEntry, imports: c.imports, dyn: c.dynamicImports, modules: Object.fromEntries(Object.entries(c.modules).map(([id, m]) => [id, { len: m.renderedLength, gz: m.code ? gzipSync(m.code).length : 0 }])) };
        }
        writeFileSync('/tmp/bundle-an/stats.json', JSON.stringify(out));
      },
    },
  ],
};
