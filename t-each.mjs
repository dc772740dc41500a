const mods = process.argv.slice(2);
for (const m of mods) {
  const t0 = performance.now();
  await import(m);
  console.log(m.padEnd(40), Math.round(performance.now() - t0), 'ms');
}
