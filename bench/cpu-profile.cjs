// Preload for profiling a running API process over a window of your choice, without stopping it:
//   node -r ./bench/cpu-profile.cjs apps/api/dist/main.js
//   kill -WINCH <pid>   # starts profiling (not USR2: Nest's shutdown hooks take it)
//   kill -WINCH <pid>   # stops, writes ./<CPU_PROFILE_DIR or cwd>/api-<pid>-<time>.cpuprofile
// Read it with `node bench/cpuprofile-top.mjs <file>` (or open it in Chrome DevTools).
const inspector = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');

const session = new inspector.Session();
session.connect();
let running = false;
process.on('SIGWINCH', () => {
  if (!running) {
    running = true;
    session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start')));
    console.error(`[cpu-profile] started (pid ${process.pid})`);
    return;
  }
  running = false;
  session.post('Profiler.stop', (err, { profile }) => {
    if (err) return console.error(`[cpu-profile] ${err.message}`);
    const file = path.join(process.env.CPU_PROFILE_DIR || process.cwd(), `api-${process.pid}-${Date.now()}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    console.error(`[cpu-profile] written to ${file}`);
  });
});
