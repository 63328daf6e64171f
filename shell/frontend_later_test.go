package shell

import (
	"errors"
	"reflect"
	"testing"
)

func TestLaterWritesKeepOrderAndErrors(t *testing.T) {
	var l laterWrites
	var got []int
	for i := range 5 {
		l.add(func() error {
			got = append(got, i)
			if i == 3 {
				return errors.New("three")
			}
			return nil
		})
		if i == 1 {
			l.start()
		}
	}
	errs := l.wait()
	if want := []int{0, 1, 2, 3, 4}; !reflect.DeepEqual(got, want) {
		t.Errorf("ran %v, want %v", got, want)
	}
	if len(errs) != 1 || errs[0].Error() != "three" {
		t.Errorf("errors %v, want [three]", errs)
	}
	if errs := l.wait(); len(errs) != 0 {
		t.Errorf("second wait: errors %v, want none", errs)
	}
}

func TestLaterWritesWaitWithNothingQueued(t *testing.T) {
	var l laterWrites
	l.start()
	if errs := l.wait(); errs != nil {
		t.Errorf("errors %v", errs)
	}
}
