-- :AcclsRun / :AcclsRunStop — translate, build and run the program of the
-- current C buffer on the selected OpenCL device (:AcclsDevice) through the
-- server's `accls/run` request. The program's output (`accls/runOutput`
-- notifications) is appended to a scratch split as it comes, the stages
-- ($/progress: translate, build, run on DEVICE) are noted there, and the
-- answer ends it with a summary: outcome, wall time, per-kernel device
-- times and host↔device transfers. :AcclsRunStop cancels the progress
-- (window/workDoneProgress/cancel), then, if the server does not answer
-- within stop_grace_ms, the request ($/cancelRequest): the server kills the
-- program and removes its temporary files.
--
-- Protocol: docs/lsp-extensions.md.
local util = require('accls.util')

local M = {}

--- The run in progress or the last one: { client_id, src, buf, id, run_id,
--- token, done, cancelled, result, err, partial, lines }.
M.current = nil

local counter = 0

local function config()
  return require('accls').config.run or {}
end

--- The output buffer (one for all runs, like a terminal).
function M.buffer()
  return util.scratch('accls://run', 'acclsrun')
end

-- append(run, text): adds program output, continuing the line the last
-- chunk left open.
local function append(run, text)
  if not vim.api.nvim_buf_is_valid(run.buf) then
    return
  end
  local pieces = vim.split(text, '\n', { plain = true })
  local b = run.buf
  vim.bo[b].modifiable = true
  local n = vim.api.nvim_buf_line_count(b)
  local empty = n == 1 and vim.api.nvim_buf_get_lines(b, 0, 1, false)[1] == ''
  if run.partial or empty then
    local last = vim.api.nvim_buf_get_lines(b, n - 1, n, false)[1] or ''
    pieces[1] = last .. pieces[1]
    vim.api.nvim_buf_set_lines(b, n - 1, n, false, pieces)
  else
    vim.api.nvim_buf_set_lines(b, n, n, false, pieces)
  end
  -- A chunk that ends with a newline leaves an empty last piece: drop it.
  n = vim.api.nvim_buf_line_count(b)
  if pieces[#pieces] == '' then
    vim.api.nvim_buf_set_lines(b, n - 1, n, false, {})
    run.partial = false
  else
    run.partial = true
  end
  vim.bo[b].modifiable = false
  vim.bo[b].modified = false
  local w = util.win_of(b)
  if w then
    vim.api.nvim_win_set_cursor(w, { vim.api.nvim_buf_line_count(b), 0 })
  end
end

-- Program output is shown line by line per stream: a line goes into the
-- buffer once it is complete, so that stdout and stderr never share a line
-- however their chunks interleave (stdout to a pipe is block-buffered).
local function output(run, stream, text)
  run.pending = run.pending or {}
  local buf = (run.pending[stream] or '') .. text
  local last = buf:match('.*()\n')
  if last then
    append(run, buf:sub(1, last))
    buf = buf:sub(last + 1)
  end
  run.pending[stream] = buf
end

-- flush_output(run): the unfinished lines of each stream, as lines.
local function flush_output(run)
  for _, stream in ipairs({ 'stdout', 'stderr' }) do
    local p = run.pending and run.pending[stream]
    if p and p ~= '' then
      run.pending[stream] = ''
      append(run, p .. '\n')
    end
  end
end

--- note(run, text): a line of our own (stages, summary), on a line of its own.
local function note(run, text)
  flush_output(run)
  if run.partial then
    append(run, '\n')
  end
  append(run, '[accls] ' .. text .. '\n')
end

local function ms(v)
  if type(v) ~= 'number' then
    return '?'
  end
  if v >= 1000 then
    return string.format('%.2f s', v / 1000)
  end
  return string.format('%.3f ms', v)
end

local function bytes(n)
  if type(n) ~= 'number' then
    return '?'
  end
  if n >= 2 ^ 20 then
    return string.format('%.1f MiB', n / 2 ^ 20)
  elseif n >= 1024 then
    return string.format('%.1f KiB', n / 1024)
  end
  return string.format('%d B', n)
end

--- summary(result) → the lines that end a run's output (a RunResult).
function M.summary(result)
  if type(result) ~= 'table' then
    return { 'finished' }
  end
  local out = {}
  local msg = result.message
  if type(msg) ~= 'string' or msg == '' then
    msg = tostring(result.outcome or 'finished')
    if type(result.exitCode) == 'number' then
      msg = msg .. ' with exit code ' .. result.exitCode
    end
  end
  table.insert(out, msg)
  if type(result.wallMs) == 'number' and result.wallMs > 0 then
    table.insert(out, string.format('wall %s (translate %s, build %s)', ms(result.wallMs), ms(result.translateMs),
      ms(result.buildMs)))
  end
  for _, k in ipairs(result.kernels or {}) do
    table.insert(out, string.format('kernel %-24s %6d launches  %s on the device', tostring(k.name),
      tonumber(k.launches) or 0, ms(k.totalMs)))
  end
  local t = result.transfers
  if type(t) == 'table' and ((t.h2dCount or 0) > 0 or (t.d2hCount or 0) > 0) then
    table.insert(out, string.format('host → device: %d copies, %s in %s; device → host: %d copies, %s in %s',
      t.h2dCount or 0, bytes(t.h2dBytes), ms(t.h2dMs), t.d2hCount or 0, bytes(t.d2hBytes), ms(t.d2hMs)))
  end
  if type(result.programBuilds) == 'table' and (result.programBuilds.count or 0) > 0 then
    table.insert(out, string.format('OpenCL program builds: %d in %s', result.programBuilds.count,
      ms(result.programBuilds.ms)))
  end
  if (tonumber(result.diagnostics) or 0) > 0 then
    table.insert(out, string.format('%d build/translate diagnostics in the source buffer', result.diagnostics))
  end
  if result.outputDropped then
    table.insert(out, 'output after 4 MiB was dropped')
  end
  return out
end

--- Is a run in progress? (A run whose server is gone has ended.)
function M.running()
  local r = M.current
  if r == nil or r.done then
    return false
  end
  if not vim.lsp.get_client_by_id(r.client_id) then
    r.done = true
    return false
  end
  return true
end

local function finish(run, err, result)
  if run.done then
    return
  end
  run.done, run.err, run.result = true, err, result
  if err then
    if err.code == -32800 or run.cancelled then
      note(run, 'stopped')
    elseif util.method_not_found(err) then
      note(run, 'this accls cannot run programs (accls/run); update accls')
    else
      note(run, 'run failed: ' .. util.error_text(err))
    end
  else
    for _, l in ipairs(M.summary(result)) do
      note(run, l)
    end
  end
  if run.on_done then
    run.on_done(err, result)
  end
end

--- start{args = {…}, device = '…', timeout = seconds, on_done = fn(err, result)}:
--- runs the current buffer's program; returns the run.
function M.start(opts)
  opts = opts or {}
  if M.running() then
    util.warn('a program is running; :AcclsRunStop stops it')
    return nil
  end
  local src = vim.api.nvim_get_current_buf()
  local client, why = util.client(src)
  if not client then
    util.warn(why)
    return nil
  end
  if not util.supports(client, 'run') then
    util.warn('this accls cannot run programs (accls/run); update accls')
    return nil
  end
  if config().save and vim.bo[src].modified then
    vim.cmd('silent update')
  end
  counter = counter + 1
  local run = {
    client_id = client.id,
    src = src,
    buf = M.buffer(),
    run_id = string.format('nvim-%d-%d', vim.fn.getpid(), counter),
    on_done = opts.on_done,
  }
  run.token = 'accls-' .. run.run_id
  M.current = run
  util.set_lines(run.buf, {})
  run.partial = false
  local w = util.show(run.buf, config().split or 'botright split')
  if config().height then
    pcall(vim.api.nvim_win_set_height, w, config().height)
  end
  local name = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(src), ':t')
  note(run, string.format('run %s — :AcclsRunStop stops it', name))
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(src) },
    runId = run.run_id,
    workDoneToken = run.token,
  }
  if opts.args and #opts.args > 0 then
    params.args = opts.args
  end
  if opts.device then
    params.device = opts.device
  end
  if opts.timeout then
    params.timeoutSeconds = opts.timeout
  end
  local ok, id = util.request(client, 'accls/run', params, function(err, result)
    finish(run, err, result)
  end, src)
  if not ok then
    finish(run, { code = 0, message = 'the server is not running' })
    return run
  end
  run.id = id
  return run
end

--- Stops the run in progress.
function M.stop()
  local run = M.current
  if not run or run.done then
    util.info('no program is running')
    return false
  end
  local client = vim.lsp.get_client_by_id(run.client_id)
  run.cancelled = true
  note(run, 'stopping…')
  if not client then
    finish(run, { code = -32800, message = 'the server is gone' })
    return true
  end
  -- Cancelling the progress still answers the summary; cancelling the
  -- request does not, so it comes second.
  util.notify(client, 'window/workDoneProgress/cancel', { token = run.token })
  vim.defer_fn(function()
    if not run.done and run.id then
      util.cancel(client, run.id)
    end
  end, config().stop_grace_ms or 3000)
  return true
end

--- Handler of accls/runOutput: { runId, stream = 'stdout'|'stderr', text }.
function M.on_output(_, result, ctx)
  local run = M.current
  if not run or run.done or type(result) ~= 'table' or type(result.text) ~= 'string' then
    return
  end
  if (ctx and ctx.client_id and ctx.client_id ~= run.client_id) or result.runId ~= run.run_id then
    return
  end
  output(run, result.stream or 'stdout', result.text)
end

--- Part of the $/progress handler: the stages of our run become notes.
function M.on_progress(_, result, ctx)
  local run = M.current
  if not run or run.done or type(result) ~= 'table' or result.token ~= run.token then
    return
  end
  if ctx and ctx.client_id ~= run.client_id then
    return
  end
  local v = result.value or {}
  if v.kind == 'end' then
    return -- the summary says it better
  end
  local msg = v.message
  if type(msg) == 'string' and msg ~= '' and msg ~= run.last_stage then
    run.last_stage = msg
    note(run, msg)
  end
end

return M
