// Chat capacity (open loop) and the reconnect storm. Capacity: fixed rates of messages, rising, over
// every socket of `connection`, until a step's delivery p99 passes 50 ms or a message is lost; the
// highest rate held. Storm: every socket drops at once and reconnects at once, and catches up as the
// web client does: GET /api/chat-rooms/{id}/messages once its own user_joined comes back.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { fixedRate } from './chat.mjs';
import { clockTicksPerSecond, databaseBackends, processCpuTicks } from './process-cpu.mjs';
import { median } from './statistics.mjs';

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const P99_LIMIT_MS = 50;

/**
 * One step at `perSecond` messages per second for `seconds`: held when p99 <= 50 ms, nothing is
 * lost and no socket closed. The bench's own CPU over the step says whether the load generator kept up.
 */
async function serverTicks(pids) {
  let sum = 0;
  for (const pid of pids) sum += await processCpuTicks(pid);
  return sum;
}

/**
 * The PostgreSQL sessions a side's server talks through, by the application name its pools give
 * them (ours: teamhire-api and teamhire-jobs; the peer: bench-bare-chat); none without `database`.
 */
const sessionsOf = (database) =>
  database ? databaseBackends(database.url, database.applicationNames) : Promise.resolve([]);

/** CPU ticks so far of each process, by pid; one that has gone (a closed connection) is left out. */
async function ticksOfEach(pids) {
  const ticks = await Promise.all(pids.map((pid) => processCpuTicks(pid).catch(() => undefined)));
  return new Map(pids.flatMap((pid, index) => (ticks[index] === undefined ? [] : [[pid, ticks[index]]])));
}

async function step(connection, perSecond, seconds, { pids = [], idleTicksPerMs = 0, database, ...options }) {
  // A second at the step's rate first, not counted. The sides take turns, so each waits idle through
  // the other's steps (with retries, 30 s and more), and a database pool closes connections idle past
  // its timeout (ours 30 s, pg's default 10 s): the first messages of the next step then waited for
  // fresh connections (a new backend, our statement prepared again), and that alone failed about one
  // step in four at rates the same side held a moment later (decision 0067).
  await fixedRate(connection, { perSecond, seconds: 1, ...options });
  const backendTicksBefore = await ticksOfEach(await sessionsOf(database));
  const cpuBefore = process.cpuUsage();
  const ticksBefore = await serverTicks(pids);
  const started = performance.now();
  const delivery = await fixedRate(connection, { perSecond, seconds, ...options });
  const cpu = process.cpuUsage(cpuBefore);
  const elapsedMs = performance.now() - started;
  const ticks = (await serverTicks(pids)) - ticksBefore;
  // The sessions there at the end: one opened during the step (a pool that had let its idle
  // connections go while the other side ran) counts all its CPU; one closed during it is lost.
  const backendTicksAfter = await ticksOfEach(await sessionsOf(database));
  let databaseTicks = 0;
  for (const [pid, after] of backendTicksAfter) databaseTicks += after - (backendTicksBefore.get(pid) ?? 0);
  const serverSeconds = ticks / clockTicksPerSecond();
  // Less what the idle servers spend anyway (job polling, timers), measured before the ramp.
  const messageSeconds = Math.max(0, ticks - idleTicksPerMs * elapsedMs) / clockTicksPerSecond();
  const groups = Object.values(delivery.groups);
  const p99 = Math.max(...groups.map((group) => group.p99_ms ?? Infinity));
  const result = {
    per_second: perSecond,
    p50_ms: Math.max(...groups.map((group) => group.p50_ms ?? Infinity)),
    p99_ms: p99,
    lost: delivery.lost,
    closed_sockets: delivery.closed_sockets,
    // Of one core, over the step and its drain.
    bench_cpu_percent: Math.round(((cpu.user + cpu.system) / 1000 / elapsedMs) * 100),
    // The servers' processes together, of one core.
    server_cpu_percent: Math.round(((serverSeconds * 1000) / elapsedMs) * 100),
    // Steadier than the rate held on a busy machine: what one message cost the servers, all sockets included.
    server_cpu_us_per_message: Math.round((messageSeconds * 1e6) / delivery.messages),
    // What the same messages cost PostgreSQL: the server's own backends (storing, checking), not idle-subtracted.
    database_cpu_us_per_message: database
      ? Math.round(((databaseTicks / clockTicksPerSecond()) * 1e6) / delivery.messages)
      : undefined,
  };
  result.held = p99 <= P99_LIMIT_MS && delivery.lost === 0 && delivery.closed_sockets === 0;
  console.log(
    `      ${perSecond}/s: p50 ${result.p50_ms} ms, p99 ${p99} ms, lost ${result.lost}, CPU server ${result.server_cpu_percent}% (${result.server_cpu_us_per_message} µs/message, database ${result.database_cpu_us_per_message ?? '-'} µs/message) bench ${result.bench_cpu_percent}% ${result.held ? 'held' : 'NOT held'}`,
  );
  // Let a server that fell behind catch up before the next step.
  await sleep(1000);
  return result;
}

/**
 * The capacity of each side (`{ name, connection, pids }`): doubling rates from `start` until one is
 * not held (from 100/s: a step of 5 s then has 5,000 receipts, so its p99 is not one late message), then `bisections` halvings of the gap between the last held and the first failed rate.
 * The sides take turns step by step, so a machine that gets busier or quieter weighs on them alike. A
 * side stops early when a socket of it closed. `pids`: the server processes whose CPU is counted.
 * A step is tried up to `tries` times before it counts as not held. `ramps` such ramps one after the
 * other: `held` is the median ramp's, `ramps` each one's.
 */
export async function chatCapacities(
  sides,
  {
    start = 100,
    seconds = 5,
    bisections = 3,
    maximum = 20_000,
    cpuRate = 1000,
    cpuSeconds = 5,
    cpuRounds = 3,
    ramps = 1,
    tries = 3,
    ...options
  } = {},
) {
  const states = sides.map((side) => ({ side, ramps: [] }));
  const idleStart = performance.now();
  const idleBefore = await Promise.all(sides.map((side) => serverTicks(side.pids ?? [])));
  await sleep(3000);
  for (const [index, state] of states.entries()) {
    const ticks = (await serverTicks(state.side.pids ?? [])) - idleBefore[index];
    state.idleTicksPerMs = ticks / (performance.now() - idleStart);
  }
  const run = (state, rate, stepSeconds = seconds) =>
    step(state.side.connection, rate, stepSeconds, {
      ...options,
      pids: state.side.pids ?? [],
      database: state.side.database,
      idleTicksPerMs: state.idleTicksPerMs,
    });
  // CPU per message at one fixed rate, the same for every side, whatever rate each side then holds:
  // the steadier companion of the capacity, which a busy machine moves (decision 0067). A rate both
  // hold (1,000/s: about 5 s of CPU per step, so the 10 ms ticks of /proc are lost in it), a first
  // step of each side thrown away (code compiled on first use, pools filled), then `cpuRounds`
  // steps taking turns; the median of each side's rounds.
  for (const state of states) {
    console.log(`      ${state.side.name}, warming up at ${cpuRate}/s:`);
    await run(state, cpuRate, 2);
  }
  for (let round = 0; round < cpuRounds; round += 1) {
    for (const state of states) {
      console.log(`      ${state.side.name}, CPU per message at ${cpuRate}/s, round ${round + 1}:`);
      (state.cpuSteps ??= []).push(await run(state, cpuRate, cpuSeconds));
    }
  }
  for (const state of states) {
    const sorted = [...state.cpuSteps].sort(
      (a, b) => a.server_cpu_us_per_message - b.server_cpu_us_per_message,
    );
    state.cpuStep = sorted[Math.floor(sorted.length / 2)];
  }
  // A step not held is run again, up to `tries` times in all, before it counts as failed. A rate past
  // a server's ceiling fails every try (the queue grows through each step); a stall of the shared
  // machine (a checkpoint, another process, a collector pause anywhere) fails one step at any rate, and
  // on this 2-core machine one step in three or four had one (decision 0067).
  const measure = async (state) => {
    console.log(`      ${state.side.name}, ramp ${state.ramps.length + 1}:`);
    let result;
    for (let attempt = 0; attempt < tries; attempt += 1) {
      result = await run(state, state.rate);
      state.steps.push(result);
      if (result.held || result.closed_sockets > 0) break;
    }
    return result;
  };
  const next = (state, result) => {
    if (result.held) state.held = state.rate;
    else state.failed = state.rate;
    if (state.failed === undefined) {
      state.rate *= 2;
      if (state.rate > maximum) state.done = true;
      return;
    }
    if (result.closed_sockets > 0 || state.bisected >= bisections) {
      state.done = true;
      return;
    }
    const rate = Math.round((state.held + state.failed) / 2 / 10) * 10;
    if (rate <= state.held || rate >= state.failed) state.done = true;
    state.rate = rate;
    state.bisected += 1;
  };
  // `ramps` whole ramps, the sides taking turns step by step within each; a later ramp starts at half
  // of what the side held in the one before (its ceiling is then found in a few doublings).
  for (let ramp = 0; ramp < ramps; ramp += 1) {
    for (const state of states) {
      const before = state.ramps.at(-1)?.held ?? 0;
      Object.assign(state, {
        held: 0,
        failed: undefined,
        rate: Math.max(start, Math.floor(before / 2 / 100) * 100),
        bisected: 0,
        steps: [],
        done: state.ramps.some((earlier) => earlier.closed_sockets),
      });
    }
    while (states.some((state) => !state.done)) {
      for (const state of states) if (!state.done) next(state, await measure(state));
    }
    for (const state of states) {
      state.ramps.push({
        held: state.held,
        first_failed: state.failed ?? null,
        closed_sockets: state.steps.some((entry) => entry.closed_sockets > 0),
        steps: state.steps,
      });
    }
  }
  return states.map((state) => ({
    // The median ramp's: one stall of a shared machine fails a step far under a side's ceiling now
    // and then, and moves one ramp, not the median of three (decision 0067).
    held: median(state.ramps.map((entry) => entry.held)),
    ramps: state.ramps.map(({ held, first_failed }) => ({ held, first_failed })),
    idle_server_cpu_percent: Math.round((state.idleTicksPerMs * 1000 * 100) / clockTicksPerSecond()),
    cpu_rate: cpuRate,
    cpu_us_per_message: state.cpuStep.server_cpu_us_per_message,
    database_cpu_us_per_message: median(state.cpuSteps.map((entry) => entry.database_cpu_us_per_message)),
    cpu_steps: state.cpuSteps,
    steps: state.ramps.flatMap((entry) => entry.steps),
  }));
}

/**
 * Our capacity over the peer's, ramp by ramp (the two took turns step by step, so each ramp's pair
 * met the same machine), and the median of those ratios: what the bench prints.
 */
export function capacityRatios(ours, peer) {
  const ratios = ours.ramps.map((entry, index) => {
    const reference = peer.ramps[index]?.held;
    return reference ? entry.held / reference : undefined;
  });
  return { ratios, median: median(ratios) };
}

/**
 * Server CPU per message (idle subtracted) of a side's held step at `rate`: compared at the highest
 * rate both sides held, past the warm-up the fixed 200/s step still carries.
 */
export function cpuPerMessageAt(capacity, rate) {
  return capacity.steps.find((entry) => entry.per_second === rate && entry.held)?.server_cpu_us_per_message;
}

/**
 * A socket of the storm: every event it receives goes to `onEvent`; resolves once its own user_joined
 * comes (it is back in its room), fails when it errs or closes before that.
 */
function openStormSocket(url, origin, onEvent) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { origin }, perMessageDeflate: false });
    socket.on('message', (data) => {
      const event = JSON.parse(data.toString());
      onEvent(event);
      if (event.type === 'user_joined') resolve(socket);
    });
    socket.once('error', (error) => reject(Object.assign(error, { socket })));
    socket.once('close', (code) => reject(Object.assign(new Error(`closed with ${code}`), { code, socket })));
  });
}

/**
 * The storm: `connection`'s sockets (all on `server`) are dropped at once (terminated, as a network
 * cut gives), and every one reconnects at once; a socket that fails tries again after 250-1000 ms.
 * While they come back each room gets `messagesPerRoom` messages through the REST API (the buyer's
 * token), half right after the drop, half 250 ms later. Each socket, once back, catches up with the
 * room's latest page as the web client does; a message counts as seen by a socket when it came over
 * the socket or in that page. Back = its own user_joined seen. Lost = (message, socket) pairs never seen.
 */
export async function reconnectStorm(
  connection,
  rooms,
  server,
  { messagesPerRoom = 2, deadlineMs = 60_000 },
) {
  const tokenOf = new Map(rooms.map((room) => [room.roomId, room.token]));
  const members = connection.sockets.map((entry) => ({
    roomId: entry.roomId,
    seen: new Set(),
    backAt: undefined,
    socket: undefined,
  }));
  const stormMessages = new Map(rooms.map((room) => [room.roomId, []]));
  const started = performance.now();
  for (const entry of connection.sockets) entry.socket.terminate();

  let postRetries = 0;
  const post = async (room) => {
    const clientMessageId = randomUUID();
    stormMessages.get(room.roomId).push(clientMessageId);
    // As the web client's outbox: the same message (same client id) again after a 5xx or a 429.
    for (let attempt = 0; ; attempt += 1) {
      const answer = await fetch(`${server.http}/api/chat-rooms/${room.roomId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${room.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message_text: 'Sent during the storm', client_message_id: clientMessageId }),
      }).catch(() => ({ status: 0, text: () => 'network error' }));
      if (answer.status === 201) return;
      const again =
        answer.status === 0 || answer.status >= 500 || answer.status === 408 || answer.status === 429;
      if (!again || performance.now() - started > deadlineMs) {
        throw new Error(`a storm message was refused: ${answer.status} ${await answer.text()}`);
      }
      postRetries += 1;
      await sleep(250 + Math.random() * 750);
    }
  };
  const sending = (async () => {
    const half = Math.ceil(messagesPerRoom / 2);
    for (let index = 0; index < messagesPerRoom; index += 1) {
      if (index === half) await sleep(250);
      await Promise.all(rooms.map(post));
    }
  })().then(
    () => undefined,
    (error) => error,
  );

  let retries = 0;
  const failures = {};
  const catchUpRefused = {};
  const reconnect = async (member) => {
    const token = tokenOf.get(member.roomId);
    const url = `${server.ws}/ws/chat/${member.roomId}?access_token=${encodeURIComponent(token)}`;
    while (performance.now() - started < deadlineMs) {
      try {
        member.socket = await Promise.race([
          openStormSocket(url, server.http, (event) => {
            if (event.type === 'new_message') member.seen.add(event.message.client_message_id);
          }),
          new Promise((_resolve, reject) =>
            setTimeout(
              () => reject(new Error('not back in its room')),
              Math.max(0, deadlineMs - (performance.now() - started)),
            ).unref(),
          ),
        ]);
        member.backAt = performance.now();
        // As the web client after a reconnect: the latest page once its own user_joined came, asked
        // again after 1, 2, 3 and 4 s when a server in trouble refuses it (5xx, 429).
        for (let attempt = 1; attempt <= 5; attempt += 1) {
          const answer = await fetch(`${server.http}/api/chat-rooms/${member.roomId}/messages`, {
            headers: { authorization: `Bearer ${token}` },
          }).catch(() => ({ ok: false, status: 'network error', arrayBuffer: () => undefined }));
          if (answer.ok) {
            for (const message of (await answer.json()).items) member.seen.add(message.client_message_id);
            break;
          }
          catchUpRefused[answer.status] = (catchUpRefused[answer.status] ?? 0) + 1;
          await answer.arrayBuffer();
          if (answer.status < 500 && answer.status !== 408 && answer.status !== 429) break;
          await sleep(1000 * attempt);
        }
        return;
      } catch (error) {
        retries += 1;
        const reason = error.code ? `closed ${error.code}` : error.message.slice(0, 40);
        failures[reason] = (failures[reason] ?? 0) + 1;
        error.socket?.terminate();
        await sleep(250 + Math.random() * 750);
      }
    }
  };
  await Promise.all(members.map(reconnect));
  const sendFailure = await sending;
  if (sendFailure) throw sendFailure;
  // Whatever is still on its way over the sockets.
  const missing = () =>
    members.reduce(
      (sum, member) => sum + stormMessages.get(member.roomId).filter((id) => !member.seen.has(id)).length,
      0,
    );
  for (let waited = 0; waited < 5000 && missing() > 0; waited += 100) await sleep(100);
  const back = members.filter((member) => member.backAt !== undefined);
  const lastBack = Math.max(...back.map((member) => member.backAt));
  const result = {
    sockets: members.length,
    back: back.length,
    seconds_until_all_back: back.length === members.length ? Math.round(lastBack - started) / 1000 : null,
    messages: rooms.length * messagesPerRoom,
    expected_receipts: members.length * messagesPerRoom,
    lost: missing(),
    socket_retries: retries,
    socket_failures: failures,
    catch_up_refused: catchUpRefused,
    message_retries: postRetries,
  };
  await Promise.all(
    members.map(
      (member) =>
        new Promise((done) => {
          if (!member.socket || member.socket.readyState === WebSocket.CLOSED) return done();
          member.socket.once('close', done);
          member.socket.close();
          setTimeout(() => {
            member.socket.terminate();
            done();
          }, 2000).unref();
        }),
    ),
  );
  return result;
}
