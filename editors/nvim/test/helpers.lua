-- Test helpers: a tiny runner (test / skip / summary) and ways to drive the
-- real accls through Neovim's LSP client from a headless session.
local H = {}

H.root = vim.env.ACCLS_ROOT or vim.loop.cwd()
H.bin = vim.env.ACCLS_BIN or (H.root .. '/bin/accls')
-- Generous: the first semantic run parses system headers; a PoCL build
-- compiles kernels with LLVM.
H.timeout = tonumber(vim.env.ACCLS_NVIM_TIMEOUT_MS or '') or 20000
H.run_timeout = tonumber(vim.env.ACCLS_NVIM_RUN_TIMEOUT_MS or '') or 120000

local results = { passed = 0, failed = 0, skipped = 0, failures = {} }

local function out(s)
  io.stdout:write(s .. '\n')
  io.stdout:flush()
end
H.out = out

-- vim.notify would write into the test report: keep the messages instead
-- (H.messages), and print them with ACCLS_NVIM_VERBOSE=1.
H.messages = {}
vim.notify = function(msg, level)
  table.insert(H.messages, { msg = msg, level = level })
  if vim.env.ACCLS_NVIM_VERBOSE == '1' then
    out('      notify: ' .. tostring(msg))
  end
end

--- The last message given to vim.notify that contains text, or nil.
function H.notified(text)
  for i = #H.messages, 1, -1 do
    if tostring(H.messages[i].msg):find(text, 1, true) then
      return H.messages[i]
    end
  end
end

--- A test that cannot run here raises H.skip(why).
local Skip = {}
function H.skip(why)
  error(setmetatable({ why = why }, Skip), 0)
end

--- Runs fn as the test called name; failures are reported, not raised.
function H.test(name, fn)
  local filter = vim.env.ACCLS_NVIM_FILTER
  if filter and filter ~= '' and not name:find(filter, 1, true) then
    return
  end
  local t0 = vim.loop.hrtime()
  local ok, err = xpcall(fn, function(e)
    if getmetatable(e) == Skip then
      return e
    end
    return debug.traceback(tostring(e), 2)
  end)
  local ms = (vim.loop.hrtime() - t0) / 1e6
  if ok then
    results.passed = results.passed + 1
    out(string.format('ok    %s (%.0f ms)', name, ms))
  elseif getmetatable(err) == Skip then
    results.skipped = results.skipped + 1
    out(string.format('skip  %s: %s', name, err.why))
  else
    results.failed = results.failed + 1
    table.insert(results.failures, name)
    out(string.format('FAIL  %s (%.0f ms)\n%s', name, ms, (tostring(err):gsub('\n', '\n      '))))
  end
end

function H.summary()
  if #results.failures > 0 then
    out('failed: ' .. table.concat(results.failures, '; '))
  end
  local line = string.format('nvim: %d passed, %d failed', results.passed, results.failed)
  if results.skipped > 0 then
    line = line .. string.format(', %d skipped', results.skipped)
  end
  out(line)
  return results.failed == 0 and results.passed > 0
end

--- Fails with msg unless cond.
function H.ok(cond, msg, ...)
  if not cond then
    error(string.format(msg or 'assertion failed', ...), 2)
  end
  return cond
end

function H.eq(want, got, what)
  if not vim.deep_equal(want, got) then
    error(string.format('%s: want %s, got %s', what or 'value', vim.inspect(want), vim.inspect(got)), 2)
  end
end

--- Waits (processing events) until cond() is true; fails with msg otherwise.
function H.wait(cond, msg, timeout)
  timeout = timeout or H.timeout
  local ok = vim.wait(timeout, function()
    local r = cond()
    return r ~= nil and r ~= false
  end, 20)
  if not ok then
    local m = type(msg) == 'function' and msg() or msg
    error(string.format('timed out after %d ms: %s', timeout, m or 'condition'), 2)
  end
end

-- One temporary directory for every file of the run: one project root, so
-- one accls serves them all, as in a real session.
H.dir = vim.fn.tempname()
vim.fn.mkdir(H.dir, 'p')

--- A copy of a file of the repository in the temporary directory.
function H.copy(rel, name)
  local dst = H.dir .. '/' .. (name or vim.fn.fnamemodify(rel, ':t'))
  local lines = vim.fn.readfile(H.root .. '/' .. rel, 'b')
  vim.fn.writefile(lines, dst, 'b')
  return dst
end

--- A new file with the given text in the temporary directory.
function H.write(name, text)
  local dst = H.dir .. '/' .. name
  vim.fn.writefile(vim.split(text, '\n', { plain = true }), dst, 'b')
  return dst
end

--- Edits path in the current window and waits for accls to attach and
--- initialize; returns bufnr, client. When the server could not be started
--- once, later calls fail at once.
function H.open(path)
  H.ok(not H.broken, 'accls could not be started earlier: %s', tostring(H.broken))
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  local util = require('accls.util')
  local t0 = vim.loop.hrtime()
  local ok = vim.wait(H.timeout, function()
    local c = util.client(buf)
    if c and c.initialized then
      return true
    end
    -- The server exited (or never started): no use waiting.
    return #util.clients() == 0 and (vim.loop.hrtime() - t0) > 1e9
  end, 20)
  local c = util.client(buf)
  if not (ok and c and c.initialized) then
    H.broken = string.format('%s did not start or attach to %s (filetype=%s)', H.bin, path, vim.bo[buf].filetype)
    error(H.broken, 2)
  end
  return buf, c
end

--- The diagnostics of accls in buf.
function H.diagnostics(buf)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.source == 'openacc' then
      table.insert(out, d)
    end
  end
  return out
end

function H.find_diag(buf, code, lnum)
  for _, d in ipairs(H.diagnostics(buf)) do
    if d.code == code and (lnum == nil or d.lnum == lnum) then
      return d
    end
  end
end

function H.codes(buf)
  local out = {}
  for _, d in ipairs(H.diagnostics(buf)) do
    table.insert(out, string.format('%d:%d %s', d.lnum + 1, d.col + 1, tostring(d.code)))
  end
  return table.concat(out, ', ')
end

--- The 0-based line and byte column of the first occurrence of text in buf.
function H.find(buf, text, from)
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, from or 0, -1, false)) do
    local c = l:find(text, 1, true)
    if c then
      return (from or 0) + i - 1, c - 1
    end
  end
  error('text not in buffer: ' .. text, 2)
end

--- A synchronous request to accls for buf; returns the result, fails on an error.
function H.request(buf, method, params, timeout)
  local util = require('accls.util')
  local client = assert(util.client(buf))
  local res = vim.lsp.buf_request_sync(buf, method, params, timeout or H.timeout)
  H.ok(res, '%s: no answer', method)
  local r = res[client.id]
  H.ok(r, '%s: no answer from accls', method)
  H.ok(not r.err, '%s failed: %s', method, r.err and util.error_text(r.err))
  return r.result
end

--- Like H.request but returns err, result (no failure on an error).
function H.try_request(buf, method, params, timeout)
  local util = require('accls.util')
  local client = assert(util.client(buf))
  local done, err, result = false, nil, nil
  util.request(client, method, params, function(e, r)
    done, err, result = true, e, r
  end, buf)
  H.wait(function()
    return done
  end, method .. ': no answer', timeout)
  return err, result
end

function H.text(buf)
  if not vim.api.nvim_buf_is_valid(buf) then
    return '(buffer ' .. tostring(buf) .. ' is gone)'
  end
  return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
end

--- Replaces vim.ui.select for one call: pick(items, format) returns the item to choose.
function H.stub_select(pick)
  local orig = vim.ui.select
  local seen = {}
  vim.ui.select = function(items, opts, on_choice)
    vim.ui.select = orig
    local fmt = opts.format_item or tostring
    for _, it in ipairs(items) do
      table.insert(seen, (fmt(it)))
    end
    on_choice(pick(items, fmt))
  end
  return seen
end

--- Wipes every buffer but an empty one (between tests).
function H.reset()
  -- A run that a failed test left behind would block the next :AcclsRun.
  local run = require('accls.run')
  if run.running() then
    run.stop()
    vim.wait(5000, function()
      return not run.running()
    end, 20)
  end
  -- Answers to a wiped buffer trip Neovim 0.7's own handlers (code lenses):
  -- let the requests in flight finish first.
  vim.wait(2000, function()
    for _, c in ipairs(require('accls.util').clients()) do
      for _, r in pairs(c.requests or {}) do
        if r.type == 'pending' then
          return false
        end
      end
    end
    return true
  end, 10)
  vim.cmd('silent! only!')
  vim.cmd('enew!')
  for _, b in ipairs(vim.api.nvim_list_bufs()) do
    if b ~= vim.api.nvim_get_current_buf() then
      pcall(vim.api.nvim_buf_delete, b, { force = true })
    end
  end
end

return H
