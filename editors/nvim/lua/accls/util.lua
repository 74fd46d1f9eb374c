-- Small helpers that hide the differences between Neovim 0.7 and later
-- releases (client methods became `client:request` in 0.11, get_clients
-- replaced get_active_clients in 0.10, …).
local M = {}

--- has('0.11') is true on Neovim 0.11 and later.
function M.has(version)
  return vim.fn.has('nvim-' .. version) == 1
end

--- The running accls clients, optionally only those attached to bufnr.
function M.clients(bufnr)
  local all
  if vim.lsp.get_clients then
    all = vim.lsp.get_clients({ name = 'accls' })
  else
    all = vim.lsp.get_active_clients()
  end
  local out = {}
  for _, c in ipairs(all) do
    if c.name == 'accls' then
      if not bufnr or (c.attached_buffers and c.attached_buffers[bufnr]) then
        table.insert(out, c)
      end
    end
  end
  return out
end

--- The accls client of bufnr (0: the current buffer), or nil and a message.
function M.client(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local c = M.clients(bufnr)[1]
  if c then
    return c
  end
  return nil, 'accls is not attached to this buffer (is it a C file? run :LspInfo)'
end

--- Calls a client method: client:method(...) on 0.11+, client.method(...) before.
function M.call(client, method, ...)
  if M.has('0.11') then
    return client[method](client, ...)
  end
  return client[method](...)
end

--- Sends a request; the handler gets (err, result, ctx). Returns ok, request id.
function M.request(client, method, params, handler, bufnr)
  return M.call(client, 'request', method, params, handler, bufnr)
end

function M.notify(client, method, params)
  return M.call(client, 'notify', method, params)
end

function M.cancel(client, id)
  return M.call(client, 'cancel_request', id)
end

--- The server's capabilities (0.7 keeps them in server_capabilities too).
function M.capabilities(client)
  return client.server_capabilities or {}
end

--- True when the server advertises the extension feature (experimental.accls.FEATURE
--- of docs/lsp-extensions.md: kernels, devices, selectDevice, run, runOutput).
function M.supports(client, feature)
  local e = M.capabilities(client).experimental
  return type(e) == 'table' and type(e.accls) == 'table' and e.accls[feature] == true
end

--- An LSP error as a line of text.
function M.error_text(err)
  if type(err) == 'table' then
    return string.format('%s (code %s)', tostring(err.message), tostring(err.code))
  end
  return tostring(err)
end

--- True when err says the server does not know the method.
function M.method_not_found(err)
  return type(err) == 'table' and err.code == -32601
end

--- Finds or makes the scratch buffer called name (listed nowhere, never saved).
function M.scratch(name, filetype)
  local b = vim.fn.bufnr(name)
  if b == -1 or not vim.api.nvim_buf_is_valid(b) then
    b = vim.api.nvim_create_buf(false, true)
    vim.api.nvim_buf_set_name(b, name)
  end
  vim.bo[b].buftype = 'nofile'
  vim.bo[b].bufhidden = 'hide'
  vim.bo[b].swapfile = false
  if filetype and vim.bo[b].filetype ~= filetype then
    vim.bo[b].filetype = filetype
  end
  return b
end

--- The window of the current tab page that shows bufnr, or nil.
function M.win_of(bufnr)
  for _, w in ipairs(vim.api.nvim_tabpage_list_wins(0)) do
    if vim.api.nvim_win_get_buf(w) == bufnr then
      return w
    end
  end
end

--- Shows bufnr in a split (cmd: 'split', 'vsplit', 'botright split', …)
--- unless a window of the tab page shows it already; the cursor stays where
--- it was. Returns the window.
function M.show(bufnr, cmd)
  local w = M.win_of(bufnr)
  if w then
    return w
  end
  local cur = vim.api.nvim_get_current_win()
  vim.cmd(cmd or 'split')
  w = vim.api.nvim_get_current_win()
  vim.api.nvim_win_set_buf(w, bufnr)
  vim.wo[w].number = false
  vim.api.nvim_set_current_win(cur)
  return w
end

--- Replaces the lines of a scratch buffer that is not modifiable by the user.
function M.set_lines(bufnr, lines)
  vim.bo[bufnr].modifiable = true
  vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, lines)
  vim.bo[bufnr].modifiable = false
  vim.bo[bufnr].modified = false
end

--- The UTF-16 index (what LSP positions count) of byte col of line.
function M.utf16(line, col)
  if M.has('0.11') then
    return vim.str_utfindex(line, 'utf-16', col, false)
  end
  local ok, _, u16 = pcall(vim.str_utfindex, line, col)
  return ok and u16 or col
end

--- Splits text into lines ("a\nb\n" → {"a", "b"}).
function M.lines(text)
  local out = vim.split(text or '', '\n', { plain = true })
  if #out > 1 and out[#out] == '' then
    table.remove(out)
  end
  return out
end

function M.warn(msg)
  vim.notify('accls: ' .. msg, vim.log.levels.WARN)
end

function M.info(msg)
  vim.notify('accls: ' .. msg, vim.log.levels.INFO)
end

return M
