package diagnostics

import (
	"encoding/json"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/accls/accls/acc"
	"github.com/accls/accls/analysis"
	"github.com/accls/accls/source"
)

func TestConvert(t *testing.T) {
	text := "int x;\n#pragma acc parallel copy(x) copy(x) pcopy(😀)\n"
	doc := source.New([]byte(text), 3)
	uri := protocol.DocumentURI("file:///w/a.c")
	ds := []analysis.Diagnostic{
		{
			Span: acc.Span{Start: 44, End: 49}, Severity: analysis.SeverityHint, Rule: "deprecated-alias",
			Message: "pcopy is deprecated", Deprecated: true,
			Fixes: []analysis.SuggestedFix{{Title: "use copy", Preferred: true,
				Edits: []analysis.TextEdit{{Span: acc.Span{Start: 44, End: 49}, NewText: "copy"}}}},
		},
		{
			Span: acc.Span{Start: 36, End: 43}, Severity: analysis.SeverityError, Rule: "clause-repeated",
			Message: "copy(x) repeated",
			Related: []analysis.Related{{Span: acc.Span{Start: 28, End: 35}, Message: "first here"}},
		},
		{Span: acc.Span{Start: 50, End: 54}, Severity: 0, Message: "no rule"},
	}
	got, err := json.MarshalIndent(Convert(doc, uri, ds), "", " ")
	if err != nil {
		t.Fatal(err)
	}
	const want = `[
 {
  "range": {
   "start": {
    "line": 1,
    "character": 29
   },
   "end": {
    "line": 1,
    "character": 36
   }
  },
  "severity": 1,
  "code": "clause-repeated",
  "codeDescription": {
   "href": "https://github.com/accls/accls/blob/main/docs/checks.md#clause-repeated"
  },
  "source": "openacc",
  "message": "copy(x) repeated",
  "relatedInformation": [
   {
    "location": {
     "uri": "file:///w/a.c",
     "range": {
      "start": {
       "line": 1,
       "character": 21
      },
      "end": {
       "line": 1,
       "character": 28
      }
     }
    },
    "message": "first here"
   }
  ]
 },
 {
  "range": {
   "start": {
    "line": 1,
    "character": 37
   },
   "end": {
    "line": 1,
    "character": 42
   }
  },
  "severity": 4,
  "code": "deprecated-alias",
  "codeDescription": {
   "href": "https://github.com/accls/accls/blob/main/docs/checks.md#deprecated-alias"
  },
  "source": "openacc",
  "message": "pcopy is deprecated",
  "tags": [
   2
  ],
  "data": {
   "fixes": [
    {
     "title": "use copy",
     "isPreferred": true,
     "edits": [
      {
       "range": {
        "start": {
         "line": 1,
         "character": 37
        },
        "end": {
         "line": 1,
         "character": 42
        }
       },
       "newText": "copy"
      }
     ]
    }
   ]
  }
 },
 {
  "range": {
   "start": {
    "line": 1,
    "character": 43
   },
   "end": {
    "line": 1,
    "character": 45
   }
  },
  "severity": 1,
  "source": "openacc",
  "message": "no rule"
 }
]`
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestConvertEmpty(t *testing.T) {
	got := Convert(source.New(nil, 0), "file:///x.c", nil)
	if got == nil || len(got) != 0 {
		t.Errorf("Convert(nil) = %#v, want an empty non-nil slice (JSON [])", got)
	}
}
