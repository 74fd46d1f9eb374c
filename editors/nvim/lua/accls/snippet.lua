-- accls.applySnippetEdit: the client command of quick fixes that need text
-- accls cannot infer (the length of a pointer's data). The server sends the
-- edit as an LSP snippet (`[0:${1:n}]$0`); here the user is asked for each
-- placeholder with vim.ui.input (its default pre-filled), on every Neovim
-- version, and the result is applied as one text edit. A buffer changed
-- since the fix was offered is left alone.
local M = {}

--- Splits an LSP snippet into literal text and placeholders:
--- { 'a[0:', { index = 1, default = 'n' }, ']' }. Tab stops without text
--- ($0, $1) are dropped; \$ \} \\ are unescaped. Nested placeholders and
--- choices keep their default text only.
function M.parse(snippet)
  local parts, lit, i = {}, {}, 1
  local function flush()
    if #lit > 0 then
      table.insert(parts, table.concat(lit))
      lit = {}
    end
  end
  while i <= #snippet do
    local c = snippet:sub(i, i)
    if c == '\\' and i < #snippet then
      table.insert(lit, snippet:sub(i + 1, i + 1))
      i = i + 2
    elseif c == '$' then
      local n, rest = snippet:match('^%$(%d+)()', i)
      if n then
        i = rest
      else
        local idx, body, after = snippet:match('^%${(%d+)[:|]([^}]*)}()', i)
        if idx then
          flush()
          local default = body:gsub('|$', ''):match('^[^,]*')
          table.insert(parts, { index = tonumber(idx), default = default })
          i = after
        else
          table.insert(lit, c)
          i = i + 1
        end
      end
    else
      table.insert(lit, c)
      i = i + 1
    end
  end
  flush()
  return parts
end

local function buf_version(bufnr)
  local versions = vim.lsp.util.buf_versions
  if versions and versions[bufnr] then
    return versions[bufnr]
  end
  return vim.api.nvim_buf_get_changedtick(bufnr)
end

--- Asks for each placeholder in turn, then calls done(text) (nil: cancelled).
local function fill(parts, title, done)
  local out, k = {}, 1
  local function step()
    while k <= #parts and type(parts[k]) == 'string' do
      table.insert(out, parts[k])
      k = k + 1
    end
    if k > #parts then
      return done(table.concat(out))
    end
    local p = parts[k]
    vim.ui.input({ prompt = title .. ': ', default = p.default }, function(text)
      if text == nil or text == '' then
        return done(nil)
      end
      table.insert(out, text)
      k = k + 1
      step()
    end)
  end
  step()
end

--- The command handler (vim.lsp.commands['accls.applySnippetEdit']).
function M.apply(cmd, ctx)
  local a = cmd.arguments and cmd.arguments[1]
  if type(a) ~= 'table' or type(a.textDocument) ~= 'table' or type(a.range) ~= 'table' or type(a.snippet) ~= 'string' then
    vim.notify('accls: applySnippetEdit without a document, range and snippet', vim.log.levels.WARN)
    return
  end
  local bufnr = vim.uri_to_bufnr(a.textDocument.uri)
  local client = ctx and ctx.client_id and vim.lsp.get_client_by_id(ctx.client_id)
  local encoding = client and client.offset_encoding or 'utf-16'
  if type(a.textDocument.version) == 'number' and buf_version(bufnr) ~= a.textDocument.version then
    vim.notify('accls: the file changed since the fix was offered; ask for the fix again', vim.log.levels.WARN)
    return
  end
  local tick = vim.api.nvim_buf_get_changedtick(bufnr)
  fill(M.parse(a.snippet), cmd.title or 'accls', function(text)
    if text == nil then
      return
    end
    if vim.api.nvim_buf_get_changedtick(bufnr) ~= tick then
      vim.notify('accls: the file changed while you typed; ask for the fix again', vim.log.levels.WARN)
      return
    end
    vim.lsp.util.apply_text_edits({ { range = a.range, newText = text } }, bufnr, encoding)
  end)
end

return M
