-- :AcclsKernels — the OpenCL kernels that accls generates for the OpenACC
-- code of a C buffer, in a scratch split (filetype opencl) beside it. The
-- preview follows the cursor (the construct under it) and is asked again on
-- CursorHold and BufWritePost of the source buffer (see config.kernels);
-- it reflects unsaved edits, since the server previews the text it was sent.
--
-- Lines of the preview that come from the source line under the cursor are
-- highlighted (the kernels' line maps). When the cursor is outside every
-- construct the preview shows all of them.
--
-- Protocol: the `accls/kernels` request (docs/lsp-extensions.md).
local util = require('accls.util')

local M = {}

-- previews[src] = { buf = preview buffer, group = augroup id, result = last answer }
M.previews = {}

local ns = vim.api.nvim_create_namespace('accls_kernels')
M.ns = ns

local function config()
  return require('accls').config.kernels or {}
end

--- The name of the preview buffer of src.
function M.name(src)
  local f = vim.api.nvim_buf_get_name(src)
  return 'accls://kernels/' .. (f ~= '' and vim.fn.fnamemodify(f, ':t') or tostring(src))
end

local function comment(lines, text)
  for _, l in ipairs(util.lines(text)) do
    table.insert(lines, (l == '' and '//' or '// ' .. l))
  end
end

local function present(v)
  return v ~= nil and v ~= vim.NIL and v ~= ''
end

local arrows = { toDevice = 'host → device', toHost = 'device → host', none = 'no transfer' }

--- A DataTransfer of the host data plan as one line.
function M.transfer_line(t)
  local what = t.bounds and present(t.bounds) and t.bounds or tostring(t.variable)
  local parts = { string.format('%-13s %s', tostring(t.action), what) }
  if present(t.when) then
    table.insert(parts, 'at ' .. t.when)
  end
  if t.present then
    table.insert(parts, '(already present: no transfer)')
  elseif present(t.direction) and t.direction ~= 'none' then
    table.insert(parts, arrows[t.direction] or t.direction)
  end
  if type(t.bytes) == 'number' then
    table.insert(parts, string.format('%d bytes', t.bytes))
  end
  if t.implicit then
    table.insert(parts, '[implicit]')
  end
  return table.concat(parts, ', ')
end

local function line_of(r)
  if type(r) == 'table' and type(r.start) == 'table' and type(r.start.line) == 'number' then
    return r.start.line
  end
end

-- Appends the source of a kernel or routine to lines, and its line map
-- (code line → source line) to map.
local function add_code(lines, map, code)
  local first = #lines -- 0-based index of the code's first line
  vim.list_extend(lines, util.lines(code.source))
  for _, m in ipairs(code.lineMap or {}) do
    if type(m.kernelLine) == 'number' and type(m.sourceLine) == 'number' then
      map[first + m.kernelLine] = m.sourceLine
    end
  end
end

--- render(result) → the lines of the preview buffer (an accls/kernels
--- result, docs/lsp-extensions.md), and map[preview line] = source line
--- (both 0-based) from the kernels' line maps.
function M.render(result)
  local lines, map = {}, {}
  if type(result) ~= 'table' then
    return { '// no preview' }, map
  end
  if present(result.message) then
    comment(lines, result.message)
  end
  local shown = {} -- routines shown, by file and OpenCL name: each once, where first called
  for _, c in ipairs(result.constructs or {}) do
    if #lines > 0 then
      table.insert(lines, '')
    end
    local line = type(c.line) == 'number' and c.line or line_of(c.range) or 0
    local head = string.format('// ── #pragma acc %s — %s(), line %d', tostring(c.directive or c.kind),
      tostring(c['function'] or '?'), line + 1)
    table.insert(lines, head)
    map[#lines - 1] = line
    if type(c.error) == 'table' then
      local at = line_of(c.error.range)
      comment(lines, string.format('cannot translate%s: %s', at and (' (line ' .. (at + 1) .. ')') or '',
        tostring(c.error.message)))
      if at then
        map[#lines - 1] = at
      end
    end
    if c.dataPlan and #c.dataPlan > 0 then
      table.insert(lines, '// data:')
      for _, t in ipairs(c.dataPlan) do
        table.insert(lines, '//   ' .. M.transfer_line(t))
        local at = line_of(t.at)
        if at then
          map[#lines - 1] = at
        end
      end
    end
    for _, k in ipairs(c.kernels or {}) do
      table.insert(lines, '')
      local desc = { 'kernel ' .. tostring(k.name) }
      if present(k.launch) then
        table.insert(desc, k.launch)
      end
      if k.serial then
        table.insert(desc, 'one work-item')
      end
      table.insert(lines, '// ' .. table.concat(desc, ' — '))
      add_code(lines, map, k)
    end
    for _, r in ipairs(c.routines or {}) do
      table.insert(lines, '')
      local own = r.uri == result.uri
      local line = type(r.line) == 'number' and r.line or 0
      local where = own and ('line ' .. (line + 1))
        or (vim.fn.fnamemodify(vim.uri_to_fname(tostring(r.uri)), ':t') .. ':' .. (line + 1))
      local kind = (r.implicit and 'implicit ' or '') .. 'routine ' .. tostring(r.level)
      local key = tostring(r.uri) .. '\n' .. tostring(r.name)
      local again = shown[key]
      shown[key] = true
      if again then
        table.insert(lines, string.format('// calls %s (%s, %s): shown above', tostring(r['function']), kind, where))
      else
        local cl = r.name ~= r['function'] and (', OpenCL name ' .. tostring(r.name)) or ''
        table.insert(lines, string.format('// %s %s (%s%s)', kind, tostring(r['function']), where, cl))
      end
      if own then
        map[#lines - 1] = line
      end
      if not again then
        add_code(lines, map, r)
      end
    end
  end
  if #lines == 0 then
    table.insert(lines, '// no OpenACC construct in this file')
  end
  return lines, map
end

--- The preview line showing source line l (0-based), or nil.
function M.preview_line(src, l)
  local p = M.previews[src]
  if not p or not p.map then
    return nil
  end
  local best
  for pl, sl in pairs(p.map) do
    if sl == l and (not best or pl < best) then
      best = pl
    end
  end
  return best
end

local function cursor_of(src)
  local w = util.win_of(src)
  if vim.api.nvim_get_current_buf() == src then
    w = vim.api.nvim_get_current_win()
  end
  if not w then
    return nil
  end
  local c = vim.api.nvim_win_get_cursor(w)
  local line = vim.api.nvim_buf_get_lines(src, c[1] - 1, c[1], false)[1] or ''
  -- LSP characters are UTF-16 code units.
  return { line = c[1] - 1, character = util.utf16(line, math.min(c[2], #line)) }
end

-- Highlights the preview lines that come from the source line under the cursor.
local function highlight(src)
  local p = M.previews[src]
  if not p or not vim.api.nvim_buf_is_valid(p.buf) then
    return
  end
  vim.api.nvim_buf_clear_namespace(p.buf, ns, 0, -1)
  local c = cursor_of(src)
  if not c or not p.map then
    return
  end
  for pl, sl in pairs(p.map) do
    if sl == c.line and pl < vim.api.nvim_buf_line_count(p.buf) then
      vim.api.nvim_buf_add_highlight(p.buf, ns, 'Visual', pl, 0, -1)
    end
  end
  -- Bring the first matching line into view.
  local first = M.preview_line(src, c.line)
  local w = util.win_of(p.buf)
  if first and w then
    pcall(vim.api.nvim_win_set_cursor, w, { first + 1, 0 })
  end
end

--- Asks the server for the preview of src and shows it; done(err, result) is
--- called after the buffer is updated (tests wait on it).
function M.refresh(src, done)
  src = (src == nil or src == 0) and vim.api.nvim_get_current_buf() or src
  local p = M.previews[src]
  if not p or not vim.api.nvim_buf_is_valid(p.buf) then
    return
  end
  local client, why = util.client(src)
  if not client then
    util.set_lines(p.buf, { '// ' .. why })
    return done and done(why)
  end
  local uri = vim.uri_from_bufnr(src)
  local params = { textDocument = { uri = uri }, position = cursor_of(src) }
  if config().follow_cursor == false then
    params.position = nil
  end
  p.pending = (p.pending or 0) + 1
  local function show(err, result)
    p.pending = p.pending - 1
    if not vim.api.nvim_buf_is_valid(p.buf) then
      return done and done(err, result)
    end
    local lines, map
    if util.method_not_found(err) then
      lines, map = { '// this accls has no kernel preview (accls/kernels); update accls' }, {}
    elseif err then
      lines, map = { '// accls/kernels failed: ' .. util.error_text(err) }, {}
    else
      lines, map = M.render(result)
    end
    p.result, p.err, p.map = result, err, map
    p.count = (p.count or 0) + 1
    util.set_lines(p.buf, lines)
    highlight(src)
    if done then
      done(err, result)
    end
  end
  util.request(client, 'accls/kernels', params, function(err, result)
    -- The cursor is outside every construct: show them all.
    if not err and params.position and type(result) == 'table' and #(result.constructs or {}) == 0
        and not present(result.message) then
      return util.request(client, 'accls/kernels', { textDocument = { uri = uri } }, show, src)
    end
    show(err, result)
  end, src)
end

--- Closes the preview of src.
function M.close(src)
  src = (src == nil or src == 0) and vim.api.nvim_get_current_buf() or src
  local p = M.previews[src]
  if not p then
    return
  end
  M.previews[src] = nil
  pcall(vim.api.nvim_del_augroup_by_id, p.group)
  if vim.api.nvim_buf_is_valid(p.buf) then
    vim.api.nvim_buf_delete(p.buf, { force = true })
  end
end

--- Opens (or, with toggle, closes) the preview of the current buffer and
--- returns the preview buffer.
function M.open(opts)
  opts = opts or {}
  local src = vim.api.nvim_get_current_buf()
  -- :AcclsKernels in the preview itself refreshes it.
  for s, p in pairs(M.previews) do
    if p.buf == src then
      M.refresh(s, opts.done)
      return p.buf
    end
  end
  if opts.toggle and M.previews[src] then
    M.close(src)
    return nil
  end
  local client, why = util.client(src)
  if not client then
    util.warn(why)
    return nil
  end
  if not util.supports(client, 'kernels') then
    util.warn('this accls has no kernel preview (accls/kernels); update accls')
    return nil
  end
  local p = M.previews[src]
  if not p or not vim.api.nvim_buf_is_valid(p.buf) then
    p = { buf = util.scratch(M.name(src), 'opencl') }
    vim.bo[p.buf].modifiable = false
    p.group = vim.api.nvim_create_augroup('accls_kernels_' .. src, { clear = true })
    M.previews[src] = p
    local events = config().refresh or { 'CursorHold', 'BufWritePost' }
    vim.api.nvim_create_autocmd(events, {
      group = p.group,
      buffer = src,
      callback = function()
        M.refresh(src)
      end,
      desc = 'accls: refresh the kernel preview',
    })
    vim.api.nvim_create_autocmd('CursorMoved', {
      group = p.group,
      buffer = src,
      callback = function()
        highlight(src)
      end,
    })
    vim.api.nvim_create_autocmd({ 'BufWipeout', 'BufDelete' }, {
      group = p.group,
      buffer = p.buf,
      callback = function()
        M.previews[src] = nil
        pcall(vim.api.nvim_del_augroup_by_id, p.group)
      end,
    })
    vim.api.nvim_create_autocmd('BufWipeout', {
      group = p.group,
      buffer = src,
      callback = function()
        vim.schedule(function()
          M.close(src)
        end)
      end,
    })
  end
  util.show(p.buf, config().split or 'vertical rightbelow split')
  M.refresh(src, opts.done)
  return p.buf
end

return M
