-- The language features through Neovim's own LSP client, against the real
-- accls, on a copy of examples/mistakes.c.
local H = require('accls.test.helpers')
local util = require('accls.util')

local mistakes = H.copy('examples/mistakes.c')
local buf, client

local function pos(line, col)
  return { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = col } }
end

H.test('lsp: accls starts and attaches to a C buffer', function()
  buf, client = H.open(mistakes)
  H.eq('c', vim.bo[buf].filetype, 'filetype')
  local caps = client.server_capabilities
  H.ok(caps.hoverProvider, 'no hoverProvider')
  H.ok(caps.completionProvider, 'no completionProvider')
  H.ok(caps.codeActionProvider, 'no codeActionProvider')
  H.ok(caps.documentSymbolProvider, 'no documentSymbolProvider')
  H.eq(1, #util.clients(buf), 'accls clients of the buffer')
end)

H.test('lsp: diagnostics with codes, messages and positions', function()
  H.ok(buf, 'no buffer (the previous test failed)')
  local l, c = H.find(buf, 'paralel')
  H.wait(function()
    return H.find_diag(buf, 'unknown-directive', l)
  end, function()
    return 'no unknown-directive diagnostic; have: ' .. H.codes(buf)
  end)
  local d = H.find_diag(buf, 'unknown-directive', l)
  H.eq(c, d.col, 'unknown-directive column')
  H.eq(c + #'paralel', d.end_col, 'unknown-directive end column')
  H.eq(vim.diagnostic.severity.ERROR, d.severity, 'unknown-directive severity')
  H.ok(d.message:find("'paralel'", 1, true) and d.message:find('did you mean', 1, true),
    'unknown-directive message: %s', d.message)
  local lsp = d.user_data and d.user_data.lsp or {}
  H.ok(lsp.codeDescription and lsp.codeDescription.href and lsp.codeDescription.href:find('checks'),
    'no codeDescription link into docs/checks.md: %s', vim.inspect(lsp.codeDescription))

  l, c = H.find(buf, 'copy_out')
  d = H.find_diag(buf, 'unknown-clause', l)
  H.ok(d, 'no unknown-clause on line %d; have: %s', l + 1, H.codes(buf))
  H.eq(c, d.col, 'unknown-clause column')
  H.ok(d.message:find("'copyout'", 1, true), 'unknown-clause message: %s', d.message)

  l, c = H.find(buf, 'pcopyin')
  d = H.find_diag(buf, 'deprecated-clause', l)
  H.ok(d, 'no deprecated-clause on line %d; have: %s', l + 1, H.codes(buf))
  H.eq(c, d.col, 'deprecated-clause column')
  H.eq(vim.diagnostic.severity.WARN, d.severity, 'deprecated-clause severity')

  l = H.find(buf, '#pragma acc update')
  H.ok(H.find_diag(buf, 'required-clause-missing', l), 'no required-clause-missing on line %d; have: %s', l + 1, H.codes(buf))
  l = H.find(buf, 'collapse(0)')
  H.ok(H.find_diag(buf, 'reduction-private-conflict', l), 'no reduction-private-conflict on line %d; have: %s', l + 1,
    H.codes(buf))
  for _, dd in ipairs(H.diagnostics(buf)) do
    H.eq('openacc', dd.source, 'source')
  end
end)

H.test('lsp: hover on a data clause explains the data movement', function()
  H.ok(buf, 'no buffer')
  local l, c = H.find(buf, 'copyin(a[0:n])')
  local r = H.request(buf, 'textDocument/hover', pos(l, c + 2))
  H.ok(r and r.contents, 'no hover')
  H.eq('markdown', r.contents.kind, 'hover kind')
  local md = r.contents.value
  H.ok(md:find('copyin', 1, true), 'hover does not mention copyin:\n%s', md)
  H.ok(md:lower():find('device', 1, true), 'hover does not mention the device:\n%s', md)
  H.eq(l, r.range.start.line, 'hover range line')
  -- And the way a user sees it: K opens a float with that text.
  vim.api.nvim_win_set_cursor(0, { l + 1, c + 2 })
  vim.lsp.buf.hover()
  local float
  H.wait(function()
    for _, w in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(w).relative ~= '' then
        float = w
        return true
      end
    end
  end, 'no hover window')
  local text = table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(float), 0, -1, false), '\n')
  H.ok(text:find('copyin', 1, true), 'hover window text:\n%s', text)
  vim.api.nvim_win_close(float, true)
end)

H.test('lsp: hover on a variable in a compute construct', function()
  H.ok(buf, 'no buffer')
  local l = H.find(buf, 'reduction(+:s)')
  local c = select(2, H.find(buf, 's += a[i]', l))
  -- The semantic run answers; before it the server may have nothing.
  local md
  H.wait(function()
    local r = H.request(buf, 'textDocument/hover', pos(l + 1, c))
    md = r and r.contents and r.contents.value
    return md
  end, 'no hover on the variable s')
  H.ok(md:find('`s`', 1, true) and md:find('reduction', 1, true), 'variable hover lacks `s` and reduction:\n%s', md)
end)

H.test('lsp: completion after #pragma acc offers directives, after parallel its clauses', function()
  H.ok(buf, 'no buffer')
  local l = H.find(buf, '#pragma acc update')
  -- Type a new directive line, as a user would (the client sends didChange).
  vim.api.nvim_buf_set_lines(buf, l, l, false, { '#pragma acc ' })
  local function labels(line, col)
    local r = H.request(buf, 'textDocument/completion', pos(line, col))
    local items = r.items or r
    local set = {}
    for _, it in ipairs(items) do
      set[it.label] = it
    end
    return set, items
  end
  local set, items = labels(l, #'#pragma acc ')
  for _, want in ipairs({ 'parallel', 'kernels', 'data', 'loop', 'update' }) do
    H.ok(set[want], 'no %q among %d directive completions', want, #items)
  end
  H.ok(not set['copyin'], 'a clause offered in place of a directive')
  vim.api.nvim_buf_set_lines(buf, l, l + 1, false, { '#pragma acc parallel ' })
  set, items = labels(l, #'#pragma acc parallel ')
  for _, want in ipairs({ 'copyin', 'num_gangs', 'reduction' }) do
    H.ok(set[want], 'no %q among %d clause completions', want, #items)
  end
  H.ok(not set['collapse'], "'collapse' offered on parallel")
  vim.api.nvim_buf_set_lines(buf, l, l + 1, false, {})
end)

H.test('lsp: a quick fix applied through vim.lsp.buf.code_action', function()
  H.ok(buf, 'no buffer')
  local l, c = H.find(buf, 'copy_out')
  H.wait(function()
    return H.find_diag(buf, 'unknown-clause', l)
  end, function()
    return 'no unknown-clause diagnostic; have: ' .. H.codes(buf)
  end)
  vim.api.nvim_win_set_cursor(0, { l + 1, c })
  local seen = H.stub_select(function(items, fmt)
    for _, it in ipairs(items) do
      if (fmt(it)):find('copyout', 1, true) then
        return it
      end
    end
  end)
  vim.lsp.buf.code_action()
  H.wait(function()
    local line = vim.api.nvim_buf_get_lines(buf, l, l + 1, false)[1]
    return line:find('copyout(b[0:n])', 1, true) and not line:find('copy_out', 1, true)
  end, function()
    return 'the fix was not applied; actions offered: ' .. vim.inspect(seen) .. '; line: ' ..
        vim.api.nvim_buf_get_lines(buf, l, l + 1, false)[1]
  end)
  -- The server sees the edit: the diagnostic goes away.
  H.wait(function()
    return not H.find_diag(buf, 'unknown-clause', l)
  end, function()
    return 'unknown-clause still reported after the fix: ' .. H.codes(buf)
  end)
end)

H.test('lsp: documentSymbol outlines the function and its constructs', function()
  H.ok(buf, 'no buffer')
  local r = H.request(buf, 'textDocument/documentSymbol', { textDocument = { uri = vim.uri_from_bufnr(buf) } })
  local fn
  for _, s in ipairs(r) do
    if s.name == 'mistakes' then
      fn = s
    end
  end
  H.ok(fn, 'no symbol for the function mistakes: %s', vim.inspect(r))
  H.eq(vim.lsp.protocol.SymbolKind.Function, fn.kind, 'function kind')
  local names = {}
  for _, ch in ipairs(fn.children or {}) do
    names[ch.name] = (names[ch.name] or 0) + 1
  end
  H.ok(names['parallel loop'], 'no parallel loop among the children: %s', vim.inspect(names))
  H.ok(names['kernels loop'], 'no kernels loop among the children: %s', vim.inspect(names))
end)

H.test('lsp: inlay hints show the implicit data clauses', function()
  H.ok(buf, 'no buffer')
  local n = vim.api.nvim_buf_line_count(buf)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = n, character = 0 } },
  }
  local labels = {}
  -- Inlay hints come from the semantic run.
  H.wait(function()
    labels = {}
    for _, h in ipairs(H.request(buf, 'textDocument/inlayHint', params) or {}) do
      local text = h.label
      if type(text) == 'table' then
        local parts = {}
        for _, p in ipairs(text) do
          table.insert(parts, p.value)
        end
        text = table.concat(parts)
      end
      labels[#labels + 1] = string.format('%d:%s', h.position.line + 1, text)
    end
    return #labels > 0
  end, 'no inlay hints')
  local l = H.find(buf, 'pcopyin')
  local want = string.format('%d:firstprivate(', l + 1)
  local found = false
  for _, x in ipairs(labels) do
    found = found or x:sub(1, #want) == want
  end
  H.ok(found, 'no firstprivate hint on line %d: %s', l + 1, table.concat(labels, ' | '))
end)

H.test('lsp: snippet parsing of accls.applySnippetEdit', function()
  local parse = require('accls.snippet').parse
  H.eq({ '[0:', { index = 1, default = 'n' }, ']' }, parse('[0:${1:n}]$0'), '[0:${1:n}]$0')
  H.eq({ ' default(', { index = 1, default = 'none' }, ')' }, parse(' default(${1|none,present|})'), 'choice')
  H.eq({ 'a$b}c\\' }, parse('a\\$b\\}c\\\\'), 'escapes')
end)

H.test('lsp: a quick fix that asks for the length of a pointer\'s data', function()
  local file = H.write('scatter.c', table.concat({
    'void scatter(float *dst, const int *idx, int count)',
    '{',
    '#pragma acc parallel loop copy(dst) copyin(idx[0:count])',
    '    for (int i = 0; i < count; i++) dst[idx[i]] = 1.0f;',
    '}',
    '',
  }, '\n'))
  local b = H.open(file)
  local l, c = H.find(b, 'copy(dst)')
  -- A semantic diagnostic: it comes a debounce after the file opens.
  H.wait(function()
    return H.find_diag(b, 'implicit-copy-pointer-no-bounds', l)
  end, function()
    return 'no implicit-copy-pointer-no-bounds diagnostic; have: ' .. H.codes(b)
  end)
  vim.api.nvim_win_set_cursor(0, { l + 1, c + #'copy(' })
  local seen = H.stub_select(function(items, fmt)
    for _, it in ipairs(items) do
      if (fmt(it)):find('type the length', 1, true) then
        return it
      end
    end
  end)
  local asked
  local orig = vim.ui.input
  vim.ui.input = function(opts, on_confirm)
    vim.ui.input = orig
    asked = opts
    on_confirm('count')
  end
  vim.lsp.buf.code_action()
  H.wait(function()
    return vim.api.nvim_buf_get_lines(b, l, l + 1, false)[1]:find('copy(dst[0:count])', 1, true)
  end, function()
    return 'the length was not filled in; actions offered: ' .. vim.inspect(seen) .. '; asked: ' .. vim.inspect(asked) ..
        '; line: ' .. vim.api.nvim_buf_get_lines(b, l, l + 1, false)[1]
  end)
  H.eq('n', asked and asked.default, 'the placeholder is the default answer')
  H.ok(asked.prompt:find('type the length', 1, true), 'prompt: %s', asked.prompt)
  H.wait(function()
    return not H.find_diag(b, 'implicit-copy-pointer-no-bounds', l)
  end, function()
    return 'the warning is still there after the fix: ' .. H.codes(b)
  end)
end)
