#lang racket/base
;; Start players of the course's reference implementation (mfelleisen/Evolution, Xternal/client.rkt) one after
;; another, a pause apart, so that they sign up in a known order (the reference's xclients starts them all at
;; once). evo-lab's tests use it; the reference itself is fetched apart (fetch.sh, docs/remote.md), never committed.
;;
;;   racket clients.rkt REFERENCE-DIR HOST PORT PAUSE-SECONDS LIMIT-SECONDS SPEC ...
;;
;; SPEC: good | over:N | no-fc:N | cinf:N | finf:N | feed:N | ill | huge | deep | infsu  (N: how many calls
;; each bad player answers well before it misbehaves). Each client runs in its own thread; the program exits
;; when the good clients are done (their dealer closed the connection: the game is over), or all clients when
;; there is no good one, or when LIMIT-SECONDS have passed; clients still running then are stopped.
(require racket/list racket/string)

(define args (current-command-line-arguments))
(define ref (vector-ref args 0))
(define host (vector-ref args 1))
(define port (string->number (vector-ref args 2)))
(define pause (string->number (vector-ref args 3)))
(define limit (string->number (vector-ref args 4)))
(define specs (drop (vector->list args) 5))

(define client (build-path ref "Xternal" "client.rkt"))
(define (get name) (dynamic-require client name))

;; SPEC -> (Natural String Natural -> Void)
(define (player-of spec)
  (define parts (string-split spec ":"))
  (define n (if (= (length parts) 2) (string->number (second parts)) 0))
  (case (first parts)
    [("good") (get 'main)]
    [("over") ((get 'bad-over-growth) n)]
    [("no-fc") ((get 'bad-no-fc) n)]
    [("cinf") ((get 'bad-choice-inf) n)]
    [("finf") ((get 'bad-feed-inf) n)]
    [("feed") ((get 'bad-feed-bad) n)]
    [("ill") (get 'ill-formed)]
    [("huge") (get 'huge)]
    [("deep") (get 'deep)]
    [("infsu") (get 'infsu)]
    [else (error 'clients "unknown client ~a" spec)]))

(define c (make-custodian))
(define threads
  (parameterize ([current-custodian c])
    (for/list ([spec specs] [i (in-naturals)])
      (define play (player-of spec))
      (begin0 (thread (lambda ()
                        (with-handlers ([exn:fail? (lambda (e) (eprintf "client ~a: ~a\n" i (exn-message e)))])
                          (play i host port))))
              (sleep pause)))))
(define goods (for/list ([t threads] [spec specs] #:when (equal? spec "good")) t))
(define deadline (+ (current-inexact-milliseconds) (* 1000 limit)))
(let wait ([ts (if (null? goods) threads goods)])
  (unless (null? ts)
    (define left (/ (- deadline (current-inexact-milliseconds)) 1000.0))
    (when (> left 0)
      (define done (apply sync/timeout left ts))
      (when done (wait (remq done ts))))))
(custodian-shutdown-all c)
(printf "clients done\n")
