-- Kernel preview, devices and runs (docs/lsp-extensions.md) through the
-- plugin's commands. Each test skips, saying why, when the server does not
-- advertise the extension (experimental.accls.*).
local H = require('accls.test.helpers')
local util = require('accls.util')
local kernels = require('accls.kernels')
local devices = require('accls.devices')
local run = require('accls.run')

local function need(buf, feature)
  local c = util.client(buf)
  H.ok(c, 'accls is not attached')
  if not util.supports(c, feature) then
    H.skip(string.format('this accls does not advertise experimental.accls.%s (docs/lsp-extensions.md); not built yet?',
      feature))
  end
end

-- A server built without the compiler advertises the extensions but says
-- so in its answers: the preview and run tests skip then, quoting it.
local function no_compiler(message)
  if type(message) == 'string' and message:find('compiler is not', 1, true) then
    H.skip('the server cannot translate: ' .. message)
  end
end

local dot = H.copy('examples/dot.c')
local src

local function preview_text()
  local p = kernels.previews[src]
  return p and table.concat(vim.api.nvim_buf_get_lines(p.buf, 0, -1, false), '\n') or ''
end

local function refreshed_after(n, what)
  H.wait(function()
    local p = kernels.previews[src]
    return p and (p.count or 0) > n and (p.pending or 0) == 0
  end, what)
end

H.test('preview: :AcclsKernels opens an opencl split with the kernels of the construct', function()
  H.reset()
  src = H.open(dot)
  need(src, 'kernels')
  local l = H.find(src, 'y[i] = a * x[i] + y[i]')
  vim.api.nvim_win_set_cursor(0, { l + 1, 8 })
  vim.cmd('AcclsKernels')
  refreshed_after(0, 'no answer to accls/kernels')
  local p = kernels.previews[src]
  H.eq(src, vim.api.nvim_get_current_buf(), 'the cursor stays in the source')
  local w = util.win_of(p.buf)
  H.ok(w, 'the preview is not shown')
  H.eq('opencl', vim.bo[p.buf].filetype, 'preview filetype')
  H.eq('nofile', vim.bo[p.buf].buftype, 'preview buftype')
  H.eq(false, vim.bo[p.buf].modifiable, 'preview modifiable')
  H.ok(not p.err, 'accls/kernels failed: %s', p.err and util.error_text(p.err))
  local text = preview_text()
  no_compiler(p.result.message)
  H.ok(#p.result.constructs == 1, 'want the one construct at the cursor, got %d:\n%s', #p.result.constructs, text)
  local c = p.result.constructs[1]
  H.eq('saxpy', c['function'], 'construct function')
  H.ok(not c.error, 'saxpy cannot be translated: %s', c.error and c.error.message)
  H.ok(#c.kernels >= 1, 'no kernel:\n%s', text)
  H.ok(text:find('__kernel', 1, true), 'no __kernel in the preview:\n%s', text)
  H.ok(text:find('#pragma acc parallel loop', 1, true), 'no construct header:\n%s', text)
  -- The line map: the loop body's line shows up in the kernel.
  H.ok(kernels.preview_line(src, l), 'no preview line maps to source line %d:\n%s\nmap: %s', l + 1, text,
    vim.inspect(p.map))
  -- …and is highlighted, since the cursor is on it.
  local marks = vim.api.nvim_buf_get_extmarks(p.buf, kernels.ns, 0, -1, {})
  H.ok(#marks > 0, 'no highlighted line in the preview')
end)

H.test('preview: CursorHold refreshes it with the unsaved text', function()
  H.ok(src, 'no source buffer (the previous test failed)')
  need(src, 'kernels')
  no_compiler(kernels.previews[src] and kernels.previews[src].result and kernels.previews[src].result.message)
  H.ok(kernels.previews[src], 'no preview (the previous test failed)')
  local p = kernels.previews[src]
  local before, version = preview_text(), p.result.version
  local l = H.find(src, 'y[i] = a * x[i] + y[i]')
  vim.api.nvim_buf_set_lines(src, l, l + 1, false, { '        y[i] = a * x[i] - 3.5f * y[i];' })
  local n = p.count
  vim.api.nvim_exec_autocmds('CursorHold', { buffer = src })
  refreshed_after(n, 'CursorHold did not refresh the preview')
  H.ok(p.result.version > version, 'version %s after the edit, %s before', p.result.version, version)
  H.ok(preview_text() ~= before, 'the preview did not change after the edit:\n%s', preview_text())
  H.ok(preview_text():find('3.5', 1, true), 'the edited constant is not in the kernel:\n%s', preview_text())
  H.ok(vim.bo[src].modified, 'the source was saved')
end)

H.test('preview: BufWritePost refreshes it; outside every construct it shows them all', function()
  H.ok(src, 'no source buffer (the previous test failed)')
  need(src, 'kernels')
  no_compiler(kernels.previews[src] and kernels.previews[src].result and kernels.previews[src].result.message)
  H.ok(kernels.previews[src], 'no preview (the previous test failed)')
  local p = kernels.previews[src]
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  local n = p.count
  vim.cmd('silent write')
  refreshed_after(n, 'BufWritePost did not refresh the preview')
  local fns = {}
  for _, c in ipairs(p.result.constructs) do
    fns[c['function']] = true
  end
  H.ok(fns.saxpy and fns.dot and fns.main, 'want the constructs of saxpy, dot and main, got %s:\n%s',
    vim.inspect(vim.tbl_keys(fns)), preview_text())
  vim.cmd('AcclsKernels!')
  H.ok(not kernels.previews[src], ':AcclsKernels! did not close the preview')
end)

H.test('preview: routines of the program\'s other files follow the kernels that call them', function()
  H.reset()
  vim.fn.mkdir(H.dir .. '/routines', 'p')
  for _, f in ipairs({ 'main.c', 'ops.c', 'ops.h', 'grid.c', 'grid.h' }) do
    H.copy('cmd/accls/testdata/routines/' .. f, 'routines/' .. f)
  end
  src = H.open(H.dir .. '/routines/main.c')
  need(src, 'kernels')
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  vim.cmd('AcclsKernels')
  refreshed_after(0, 'no answer to accls/kernels')
  local p = kernels.previews[src]
  H.ok(not p.err, 'accls/kernels failed: %s', p.err and util.error_text(p.err))
  no_compiler(p.result.message)
  local text = preview_text()
  for _, c in ipairs(p.result.constructs) do
    H.ok(not c.error, 'line %d cannot be translated: %s', c.line + 1, c.error and c.error.message)
  end
  for _, want in ipairs({ '// routine seq squash (ops.c:19)', '// implicit routine seq clampf (ops.c:13, OpenCL name clampf_2)',
    '// implicit routine seq clampf (line 11)', '* half_', '// routine seq count_over (ops.c:33)' }) do
    H.ok(text:find(want, 1, true), 'no %q in the preview:\n%s', want, text)
  end
  -- main.c's own routine maps to its lines: its return statement (line 13).
  H.ok(kernels.preview_line(src, 12), 'no preview line maps to main.c:13 (clampf):\n%s\nmap: %s', text, vim.inspect(p.map))
  vim.cmd('AcclsKernels!')
end)

H.test('devices: :AcclsDevice lists the OpenCL devices and selects PoCL\'s CPU', function()
  H.reset()
  src = H.open(dot)
  need(src, 'devices')
  local result
  local seen = H.stub_select(function(items)
    for _, d in ipairs(items) do
      if d.type == 'cpu' then
        return d
      end
    end
  end)
  local done
  devices.select(nil, function(err, r)
    done, result = err or true, r
  end)
  H.wait(function()
    return done
  end, 'no answer from :AcclsDevice')
  H.ok(result, 'no device selected (%s); the picker offered: %s', tostring(done), vim.inspect(seen))
  H.ok(type(result.selectedIndex) == 'number', 'no selectedIndex: %s', vim.inspect(result))
  local chosen = result.devices[result.selectedIndex + 1]
  H.eq('cpu', chosen.type, 'the selected device type')
  H.ok(seen[1] and seen[1]:find(chosen.selector, 1, true), 'picker lines: %s', vim.inspect(seen))
end)

H.test('devices: the picker offers the host last, and choosing it selects it', function()
  H.ok(src, 'no source buffer')
  need(src, 'selectDevice')
  local seen = H.stub_select(function(items)
    return items[#items]
  end)
  local done, result
  devices.select(nil, function(err, r)
    done, result = err or true, r
  end)
  H.wait(function()
    return done
  end, 'no answer from :AcclsDevice')
  H.ok(seen[#seen] and seen[#seen]:find('[host]', 1, true), 'the last picker line is not the host: %s', vim.inspect(seen))
  H.eq('host', result and result.selected, 'the selection')
  H.eq('the host', devices.current(), 'devices.current()')
  done = nil
  devices.set('cpu', function(err) -- back to PoCL's CPU for the tests that run programs
    done = err or true
  end)
  H.wait(function()
    return done
  end, 'accls/selectDevice cpu did not answer')
end)

H.test('devices: a selector that matches no device is refused with a message', function()
  H.ok(src, 'no source buffer')
  need(src, 'selectDevice')
  local done, err
  devices.set('no-such-device-anywhere', function(e)
    done, err = true, e
  end)
  H.wait(function()
    return done
  end, 'accls/selectDevice did not answer')
  if not err and devices.last and devices.last.error and devices.last.error ~= '' then
    H.skip('no OpenCL devices to check against: ' .. devices.last.error)
  end
  H.ok(err and err:find('cannot select', 1, true), 'want a refusal, got %s', tostring(err))
  H.ok(H.notified('cannot select'), 'the user was not told')
end)

-- The plain C program, built without OpenACC (pragmas ignored), prints the reference output.
local function plain_output(file, args)
  local exe = H.dir .. '/plain-' .. vim.fn.fnamemodify(file, ':t:r')
  local out = vim.fn.system({ 'cc', '-O1', '-w', '-o', exe, file, '-lm' })
  H.ok(vim.v.shell_error == 0, 'cc failed: %s', out)
  out = vim.fn.system(vim.list_extend({ exe }, args or {}))
  H.ok(vim.v.shell_error == 0, 'the plain program failed: %s', out)
  return util.lines(out)
end

local function wait_run(r, timeout)
  H.wait(function()
    return r.done
  end, function()
    local text = H.text(r.buf)
    if not r.done then
      run.stop()
    end
    return 'the run did not finish; output:\n' .. text
  end, timeout or H.run_timeout)
end

-- :AcclsRun ARGS, and the run it started.
local function start_run(args)
  local before = run.current
  vim.cmd('AcclsRun' .. (args and (' ' .. args) or ''))
  local r = run.current
  H.ok(r and r ~= before and r.src == vim.api.nvim_get_current_buf(), ':AcclsRun started no run (%s)',
    tostring(H.notified('accls') and H.notified('accls').msg))
  return r
end

H.test('run: :AcclsRun runs the program on PoCL, output streamed into a split', function()
  H.reset()
  src = H.open(H.copy('examples/dot.c', 'dotrun.c'))
  need(src, 'run')
  if util.supports(util.client(src), 'selectDevice') then
    local ok
    devices.set('cpu', function(err)
      ok = err or true
    end)
    H.wait(function()
      return ok
    end, 'accls/selectDevice did not answer')
    H.ok(ok == true, 'selecting the CPU device: %s', tostring(ok))
  end
  local r = start_run('1000')
  H.ok(util.win_of(r.buf), 'the output is not shown')
  wait_run(r)
  local text = H.text(r.buf)
  H.ok(not r.err, 'the run failed: %s\n%s', r.err and util.error_text(r.err), text)
  if r.result.outcome == 'translateFailed' then
    no_compiler(r.result.message)
  end
  H.eq('exited', r.result.outcome, 'outcome (' .. tostring(r.result.message) .. ')\n' .. text)
  H.eq(0, r.result.exitCode, 'exit code')
  for _, want in ipairs(plain_output(vim.api.nvim_buf_get_name(src), { '1000' })) do
    H.ok(vim.tbl_contains(vim.api.nvim_buf_get_lines(r.buf, 0, -1, false), want),
      'the output lacks %q (the plain C program prints it):\n%s', want, text)
  end
  H.ok(r.result.profile and #r.result.kernels >= 1, 'no kernel profile: %s', vim.inspect(r.result))
  H.ok(text:find('[accls] kernel ', 1, true), 'no kernel timings in the summary:\n%s', text)
  H.ok(text:find('[accls] build', 1, true) or text:find('[accls] run on', 1, true),
    'no progress stages in the output:\n%s', text)
end)

H.test('run: a plain C program: stdout and stderr streamed, exit code in the summary', function()
  local f = H.write('hello.c', table.concat({
    '#include <stdio.h>',
    'int main(int argc, char **argv)',
    '{',
    '    printf("hello from %s\\n", argc > 1 ? argv[1] : "nobody");',
    '    printf("partial line, ");',
    '    fflush(stdout);',
    '    printf("then its end\\n");',
    '    fprintf(stderr, "to stderr\\n");',
    '    return 3;',
    '}',
  }, '\n'))
  H.reset()
  src = H.open(f)
  need(src, 'run')
  local r = start_run('nvim')
  wait_run(r)
  local lines = vim.api.nvim_buf_get_lines(r.buf, 0, -1, false)
  local text = table.concat(lines, '\n')
  H.ok(not r.err, 'the run failed: %s\n%s', r.err and util.error_text(r.err), text)
  H.eq('exited', r.result.outcome, 'outcome (' .. tostring(r.result.message) .. ')\n' .. text)
  H.eq(3, r.result.exitCode, 'exit code')
  for _, want in ipairs({ 'hello from nvim', 'partial line, then its end', 'to stderr' }) do
    H.ok(vim.tbl_contains(lines, want), 'the output lacks the line %q:\n%s', want, text)
  end
  H.ok(lines[#lines]:find('[accls]', 1, true), 'no summary at the end:\n%s', text)
end)

H.test('run: :AcclsRunStop stops a program that never ends', function()
  local f = H.write('forever.c', table.concat({
    '#include <stdio.h>',
    'int main(void)',
    '{',
    '    printf("started\\n");',
    '    fflush(stdout);',
    '    for (volatile unsigned long k = 0;; k++) {}',
    '    return 0;',
    '}',
  }, '\n'))
  H.reset()
  src = H.open(f)
  need(src, 'run')
  local r = start_run()
  H.wait(function()
    return vim.tbl_contains(vim.split(H.text(r.buf), '\n', { plain = true }), 'started') or r.done
  end, function()
    return 'the program did not start; output:\n' .. H.text(r.buf)
  end, H.run_timeout)
  H.ok(not r.done, 'the program ended by itself:\n%s', H.text(r.buf))
  local t0 = vim.loop.hrtime()
  vim.cmd('AcclsRunStop')
  wait_run(r, 10000)
  local text = H.text(r.buf)
  H.ok((r.result and r.result.outcome == 'cancelled') or (r.err and r.err.code == -32800),
    'want a cancelled run, got %s %s', vim.inspect(r.result), vim.inspect(r.err))
  H.ok(text:find('[accls] stopping', 1, true), 'no stopping note:\n%s', text)
  H.out(string.format('      stopped in %.2f s: %s', (vim.loop.hrtime() - t0) / 1e9, r.result and r.result.outcome or util.error_text(r.err)))
  H.ok((vim.loop.hrtime() - t0) / 1e9 < 5, 'stopping took longer than 5 s')
  -- The next run starts at once.
  H.ok(not run.running(), 'a run is still marked as running')
end)

-- Code lenses: the server's "Show kernels" and "▶ Run" run the plugin's
-- client-side commands through vim.lsp.codelens.run().
local function lenses(buf)
  local c = util.client(buf)
  if not (c and util.capabilities(c).codeLensProvider) then
    H.skip('the server has no code lenses')
  end
  local found
  H.wait(function()
    vim.lsp.codelens.refresh()
    found = vim.lsp.codelens.get(buf)
    return found and #found > 0
  end, 'no code lenses')
  return found
end

local function lens_line(found, title)
  for _, l in ipairs(found) do
    if l.command and l.command.title == title then
      return l.range.start.line
    end
  end
  error(string.format('no %q lens among %s', title, vim.inspect(found)), 2)
end

H.test('lens: "Show kernels" opens the preview', function()
  H.reset()
  src = H.open(H.copy('examples/dot.c', 'dotlens.c'))
  local found = lenses(src)
  vim.api.nvim_win_set_cursor(0, { lens_line(found, 'Show kernels') + 1, 0 })
  vim.lsp.codelens.run()
  H.wait(function()
    local p = kernels.previews[src]
    return p and (p.count or 0) > 0
  end, 'the lens opened no preview')
  H.ok(util.win_of(kernels.previews[src].buf), 'the preview is not shown')
end)

H.test('lens: "▶ Run" runs the program', function()
  local f = H.write('lensrun.c', table.concat({
    '#include <stdio.h>',
    'int main(void)',
    '{',
    '    puts("ran from the lens");',
    '    return 0;',
    '}',
  }, '\n'))
  H.reset()
  src = H.open(f)
  need(src, 'run')
  local found = lenses(src)
  local before = run.current
  vim.api.nvim_win_set_cursor(0, { lens_line(found, '▶ Run') + 1, 0 })
  vim.lsp.codelens.run()
  H.wait(function()
    return run.current ~= before and run.current.src == src
  end, 'the lens started no run')
  wait_run(run.current)
  H.ok(vim.tbl_contains(vim.api.nvim_buf_get_lines(run.current.buf, 0, -1, false), 'ran from the lens'),
    'the output lacks the program\'s line:\n%s', H.text(run.current.buf))
end)
