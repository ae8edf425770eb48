// A remote player for evo-lab tournaments, in JavaScript for Node.js (docs/remote.md): a seeded random legal action.
// The tournament runs it:  evo-lab tournament --game origin --bots 'cmd:node examples/remote_bot.js' builtin:greedy
// or it listens for it:    node examples/remote_bot.js --listen 9000   (then --bots tcp:127.0.0.1:9000)
const net = require("net");
const readline = require("readline");

function play(input, send, bye) {
  let s = 1; // mulberry32: a small seeded generator
  const random = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  readline.createInterface({ input }).on("line", (line) => {
    const msg = JSON.parse(line);
    if (msg.type === "hello") send({ type: "hello", protocol: "evo-lab-remote", version: 1, name: "example-js" });
    else if (msg.type === "start") { s = Number(BigInt(msg.seed ?? 1) % 4294967296n) | 0; send({ type: "ready" }); }
    else if (msg.type === "act") send({ type: "action", action: Math.floor(random() * msg.legal.length) });
    else if (msg.type === "bye") bye();
  });
}

if (process.argv[2] === "--listen") {
  const server = net.createServer((sock) =>
    play(sock, (m) => sock.write(JSON.stringify(m) + "\n"), () => sock.end()));
  server.listen(Number(process.argv[3]), "127.0.0.1", () =>
    console.log(`listening on 127.0.0.1:${server.address().port}`));
} else {
  play(process.stdin, (m) => process.stdout.write(JSON.stringify(m) + "\n"), () => process.exit(0));
}
